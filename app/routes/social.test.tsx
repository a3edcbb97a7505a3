// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { SocketProvider } from "~/components/SocketProvider";
import type { Friend } from "#contract/types";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  type FakeApi,
} from "../../tests/setup/components";
import Social from "./social";

const AVA = 1;
const BEA = 2;
const CY = 3;

const friend = (id: number, name: string, online = false): Friend => ({
  _id: id,
  name,
  profile_img: null,
  is_online: online,
  social_id: id,
  isFriend: true,
  followStatus: true,
  follows_back: true,
});

let api: FakeApi;

beforeEach(() => {
  installFakeWebSocket();
  api = installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Loaded {
  friends: Friend[];
}

/** The /social page as the root holds it, with what its loader read. */
function renderSocial(entry: string, loaded: Loaded) {
  renderInRoot(null, {
    path: "/social",
    initialEntry: entry,
    loader: () => ({ find: null, ...loaded }),
    Component: Social,
    wrap: (page) => (
      <AccountProvider>
        <SocketProvider>{page}</SocketProvider>
      </AccountProvider>
    ),
  });
}

async function openSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  socket.open();
  return socket;
}

const friendRow = (name: string) =>
  screen
    .queryAllByTestId("friend")
    .find((row) => row.textContent?.includes(name)) ?? null;

describe("/social", () => {
  it("drops a friend who blocked the viewer at once: their row, their presence and the open chat with them", async () => {
    api.answer(`GET /api/chat/${AVA}/${BEA}`, {
      body: { messages: [], has_more: false },
    });
    renderSocial(`/social?chat=${BEA}`, {
      friends: [friend(BEA, "Bea Blocker", true), friend(CY, "Cy Stays")],
    });
    const socket = await openSocket();
    await screen.findByTestId("chat-panel");
    expect(friendRow("Bea Blocker")).not.toBeNull();
    expect(screen.getByText("1 online")).toBeTruthy();

    socket.receive({ event: "blocked", data: { userId: BEA } });

    await waitFor(() => expect(friendRow("Bea Blocker")).toBeNull());
    expect(friendRow("Cy Stays")).not.toBeNull();
    await waitFor(() => expect(screen.queryByTestId("chat-panel")).toBeNull());
    expect(screen.queryByText("1 online")).toBeNull();
    expect(screen.queryByRole("img", { name: "Online" })).toBeNull();
  });
});
