// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MultiplayerProvider } from "~/components/MultiplayerProvider";
import { SocketProvider } from "~/components/SocketProvider";
import type { MatchInviteView } from "#contract/friend-matches";
import type { MatchSummary } from "#contract/types";
import type { Viewer } from "~/lib/viewer";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  viewer,
  type FakeApi,
} from "../../tests/setup/components";
import Summary from "./summary.$gameResultId";

const AVA = 1;
const BEA = 2;
const RESULT = 55;

const MATCH: MatchSummary = {
  _id: RESULT,
  game: {
    _id: 7,
    name: "Tower Stack",
    icon: "/games/tower-stack/icon.svg",
    leaderboard_type: 1,
  },
  players: [
    {
      _id: AVA,
      name: "Ava Player",
      profile_pic: null,
      score: 40,
      is_bot: false,
      run_id: null,
    },
    {
      _id: BEA,
      name: "Bea Rival",
      profile_pic: null,
      score: 25,
      is_bot: false,
      run_id: null,
    },
  ],
  status: 1,
  left_user_id: BEA,
  created_dt: "2026-03-12T10:00:00.000Z",
};

const rematchInvite = (from: number): MatchInviteView => ({
  code: "Rk3vQ9xTz2mPbW7cYhN4sL",
  kind: "rematch",
  from: {
    id: from,
    name: from === AVA ? "Ava Player" : "Bea Rival",
    profile_pic: null,
  },
  to: null,
  game: { id: 7, name: "Tower Stack", icon: null },
  expiresAt: new Date(Date.now() + 15_000).toISOString(),
  status: "open",
  resultId: RESULT,
  match: null,
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

function renderSummary(user: Viewer | null) {
  renderInRoot(null, {
    user,
    path: "/summary/:gameResultId",
    initialEntry: `/summary/${RESULT}`,
    loader: () => ({
      match: MATCH,
      rematch: user
        ? {
            tally: { wins: 2, losses: 1, draws: 0 },
            offer: null,
            rematched: false,
          }
        : null,
      renderedAt: Date.now(),
    }),
    Component: Summary,
    wrap: (page) => (
      <MultiplayerProvider>
        <SocketProvider>{page}</SocketProvider>
      </MultiplayerProvider>
    ),
  });
}

const rematch = () => screen.getByTestId("rematch");

describe("/summary/:gameResultId", () => {
  it("tells a player of the match they won, who left, and their record against the other", async () => {
    renderSummary(viewer({ _id: AVA }));
    expect((await screen.findByTestId("outcome")).textContent).toContain(
      "You won!",
    );
    const scores = screen.getByTestId("match-scores");
    expect(
      within(scores).getByText("You").closest(".match-score")?.className,
    ).toContain("is-winner");
    expect(screen.getByText("Bea Rival left the game.")).toBeTruthy();
    expect(screen.getByTestId("pair-tally").textContent).toBe(
      "2 wins · 1 loss · 0 draws",
    );
  });

  it("waits for the other after Rematch, and Cancel takes the offer back", async () => {
    const user = userEvent.setup();
    const invite = rematchInvite(AVA);
    api.answer("POST /api/friend-matches/rematch", {
      body: { status: "waiting", invite },
    });
    api.answer(`POST /api/friend-matches/${invite.code}/decline`, {
      body: {},
    });
    renderSummary(viewer({ _id: AVA }));
    await user.click(await screen.findByRole("button", { name: "Rematch" }));
    const status = await within(rematch()).findByRole("status");
    expect(status.textContent).toMatch(/^Waiting for Bea Rival… 0:1[45]$/);

    await user.click(within(rematch()).getByRole("button", { name: "Cancel" }));
    await within(rematch()).findByRole("button", { name: "Rematch" });
    expect(api.calls.map((call) => call.route)).toEqual([
      "POST /api/friend-matches/rematch",
      `POST /api/friend-matches/${invite.code}/decline`,
    ]);
  });

  it("shows the other player's rematch offer as it comes, and that they took it back", async () => {
    renderSummary(viewer({ _id: AVA }));
    await screen.findByTestId("rematch");
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    const invite = rematchInvite(BEA);
    act(() => socket.receive({ event: "match_invite", data: invite }));
    expect(
      (await within(rematch()).findByRole("status")).textContent,
    ).toContain("Bea Rival wants a rematch");
    expect(
      within(rematch()).getByRole("button", { name: "Accept rematch" }),
    ).toBeTruthy();

    act(() =>
      socket.receive({
        event: "match_invite_answer",
        data: { code: invite.code, status: "cancelled", match: null },
      }),
    );
    await waitFor(() =>
      expect(within(rematch()).getByRole("status").textContent).toBe(
        "Bea Rival took the offer back",
      ),
    );
    expect(
      within(rematch()).getByRole("button", { name: "Ask again" }),
    ).toBeTruthy();
  });

  it("shows a visitor both scores without an outcome or a rematch", async () => {
    renderSummary(null);
    await screen.findByRole("heading", { name: "Tower Stack" });
    expect(screen.queryByTestId("outcome")).toBeNull();
    expect(screen.queryByTestId("rematch")).toBeNull();
    expect(screen.getByText("Ava Player")).toBeTruthy();
  });
});
