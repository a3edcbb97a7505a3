// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { MultiplayerProvider } from "~/components/MultiplayerProvider";
import { SocketProvider } from "~/components/SocketProvider";
import type { Viewer } from "~/lib/viewer";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  viewer,
  type FakeApi,
} from "../../tests/setup/components";
import Waiting from "./waiting.$id";

const GAME = {
  _id: 7,
  name: "Tower Stack",
  icon: "/games/tower-stack/icon.svg",
  category: "Puzzle",
};
const ROOM = "room-1";

let api: FakeApi;

beforeEach(() => {
  installFakeWebSocket();
  api = installFakeApi();
  api.answer("POST /api/multiplayer/join", {
    body: {
      status: "waiting",
      roomId: ROOM,
      gameId: GAME._id,
      participants: [
        {
          user_id: 1,
          user_name: "Ava Player",
          profile_pic: null,
          room_id: ROOM,
        },
      ],
      expiresAt: Date.now() + 10_000,
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWaiting(user: Viewer | null, multiplayer = true) {
  renderInRoot(null, {
    user,
    path: "/waiting/:id",
    initialEntry: `/waiting/${GAME._id}`,
    loader: () => ({ game: GAME, multiplayer }),
    Component: Waiting,
    wrap: (page) => (
      <AccountProvider>
        <MultiplayerProvider>
          <SocketProvider>{page}</SocketProvider>
        </MultiplayerProvider>
      </AccountProvider>
    ),
    routes: [{ path: "/detail/:id", Component: () => <h1>Detail page</h1> }],
  });
}

/** The page joins the lobby once its socket is open: the countdown starts from the join's answer. */
async function searching() {
  renderWaiting(viewer());
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  await screen.findByRole("heading", { name: "Waiting for opponents" });
  await waitFor(() =>
    expect(
      screen.getByRole("timer", { name: "Seconds left" }).textContent,
    ).toMatch(/^(9|10)$/),
  );
  return socket;
}

const joins = () =>
  api.calls.filter((call) => call.route === "POST /api/multiplayer/join");

describe("/waiting/:id", () => {
  it("counts down while searching, says nobody is there when no player or recording comes, and searches again on Retry", async () => {
    const user = userEvent.setup();
    api.answer(`GET /api/player-move/${GAME._id}`, {
      body: { _id: null, moves: [] },
    });
    const socket = await searching();
    expect(joins()).toEqual([
      {
        route: "POST /api/multiplayer/join",
        body: { userId: 1, gameId: GAME._id },
      },
    ]);

    act(() =>
      socket.receive({
        event: "room_timeout",
        data: { roomId: ROOM, gameId: GAME._id },
      }),
    );
    await screen.findByRole("heading", { name: "Opponents not available" });
    expect(screen.queryByRole("timer")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByRole("heading", { name: "Waiting for opponents" });
    expect(joins()).toHaveLength(2);
  });

  it("leaves the lobby on Quit and goes back to the game", async () => {
    const user = userEvent.setup();
    api.answer("POST /api/multiplayer/leave", { body: {} });
    await searching();
    await user.click(screen.getByRole("button", { name: "Quit" }));
    await screen.findByRole("heading", { name: "Detail page" });
    expect(api.calls.at(-1)).toEqual({
      route: "POST /api/multiplayer/leave",
      body: { gameId: GAME._id },
    });
  });

  it("asks a visitor to log in, and joins nothing", async () => {
    renderWaiting(null);
    await screen.findByRole("heading", {
      name: "Log in to play against others",
    });
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
    expect(joins()).toEqual([]);
  });
});
