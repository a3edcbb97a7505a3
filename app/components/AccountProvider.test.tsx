// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGNED_OUT_CLOSE_CODE } from "#contract/protocol";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  viewer,
  type FakeApi,
} from "../../tests/setup/components";
import { AccountProvider } from "./AccountProvider";
import { SocketProvider } from "./SocketProvider";

let api: FakeApi;

beforeEach(() => {
  installFakeWebSocket();
  api = installFakeApi();
  api.answer("GET /api/user/me", { body: viewer({ _id: 7 }) });
  api.answer("POST /api/session", { body: { ok: true } });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sessionUpdates = () =>
  api.calls.filter((call) => call.route === "POST /api/session");

/** A signed-in page, its user socket created; the clock runs, and the test moves it on. */
async function signedInPage() {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout"],
    shouldAdvanceTime: true,
  });
  renderInRoot(<p>Home</p>, {
    user: viewer({ _id: 7 }),
    wrap: (page) => (
      <SocketProvider>
        <AccountProvider>{page}</AccountProvider>
      </SocketProvider>
    ),
  });
  await screen.findByText("Home");
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  return FakeWebSocket.latest();
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("the session update", () => {
  it("reports this tab's socket for the session 5 s after load, once, when the socket is open", async () => {
    const socket = await signedInPage();
    act(() => socket.open());
    await wait(4_900);
    expect(sessionUpdates()).toEqual([]);
    await wait(200);
    expect(sessionUpdates()).toEqual([
      {
        route: "POST /api/session",
        body: { user: 7, socket: expect.any(String) as string },
      },
    ]);
    await wait(30_000);
    expect(sessionUpdates()).toHaveLength(1);
  });

  it("waits for a socket still connecting at 5 s", async () => {
    const socket = await signedInPage();
    await wait(6_000);
    expect(sessionUpdates()).toEqual([]);
    act(() => socket.open());
    await waitFor(() => expect(sessionUpdates()).toHaveLength(1));
  });

  it("sends nothing for a session that ended before it was due: the server closed the socket, a request would be refused", async () => {
    const socket = await signedInPage();
    act(() => socket.open());
    await wait(2_000);
    act(() => socket.close(SIGNED_OUT_CLOSE_CODE));
    await wait(10_000);
    expect(sessionUpdates()).toEqual([]);
  });
});
