// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { FAIR_PLAY_MESSAGES } from "#contract/fair-play";
import type { Viewer } from "~/lib/viewer";
import {
  installFakeApi,
  renderInRoot,
  viewer,
} from "../../tests/setup/components";
import Result from "./result.$id";

const GAME = {
  _id: 7,
  name: "Tower Stack",
  icon: "/games/tower-stack/icon.svg",
  category: "Puzzle",
  leaderboard_type: 1,
  multiplayer: true,
  external: false,
};

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderResult(
  user: Viewer | null,
  {
    entry = `/result/${GAME._id}`,
    review = null,
  }: { entry?: string; review?: string | null } = {},
) {
  renderInRoot(null, {
    user,
    path: "/result/:id",
    initialEntry: entry,
    loader: () => ({
      game: GAME,
      board: {
        scope: "everyone",
        period: "all",
        tournament: null,
        board: {
          entries: [
            {
              rank: 1,
              player_id: 2,
              player_name: ["Bea Best"],
              profile_img: null,
              score: 2_000,
              run_id: null,
              verified: true,
            },
          ],
          standing: user ? { score: 1_234, rank: 3 } : null,
        },
      },
      standing: user ? { score: 1_234, rank: 3 } : null,
      yourScore: user ? { score: 1_234, review } : null,
      shareableRound: null,
      challenging: user
        ? {
            friends: [{ _id: 2, name: "Bea Best", profile_img: null }],
            challengedIds: [],
            limitLeft: 5,
          }
        : null,
      challenge: null,
    }),
    Component: Result,
    wrap: (page) => <AccountProvider>{page}</AccountProvider>,
  });
}

const panel = () =>
  screen.getAllByRole("tabpanel").find((shown) => !shown.hidden)!;

describe("/result/:id", () => {
  it("opens on the leaderboard and switches to Challenge and back", async () => {
    const user = userEvent.setup();
    renderResult(viewer());
    const board = await screen.findByRole("tab", { name: "Leader Board" });
    expect(board.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByTestId("your-score").textContent).toBe("1,234");
    expect(screen.getByText("You are #3 on the leaderboard")).toBeTruthy();
    expect(within(panel()).getByTestId("leaderboard")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Challenge" }));
    expect(
      screen
        .getByRole("tab", { name: "Challenge" })
        .getAttribute("aria-selected"),
    ).toBe("true");
    expect(
      within(panel()).getByText(
        "Dare a friend to beat your score of 1,234, with coins on the line.",
      ),
    ).toBeTruthy();
    expect(within(panel()).queryByTestId("leaderboard")).toBeNull();

    await user.click(board);
    expect(within(panel()).getByTestId("leaderboard")).toBeTruthy();
  });

  it("opens on Challenge from its address, and says a held round cannot be put up", async () => {
    renderResult(viewer(), {
      entry: `/result/${GAME._id}?tab=challenge`,
      review: "held",
    });
    const tab = await screen.findByRole("tab", { name: "Challenge" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe(
      FAIR_PLAY_MESSAGES.held,
    );
    expect(
      within(panel()).getByText(
        "Dare a friend to beat your score, with coins on the line.",
      ),
    ).toBeTruthy();
  });

  it("asks a visitor to log in instead of showing scores, in the hero and the Challenge tab", async () => {
    const user = userEvent.setup();
    renderResult(null);
    await screen.findByRole("heading", { name: "Log in to keep your scores" });
    expect(screen.queryByTestId("your-score")).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Challenge" }));
    expect(
      within(panel()).getByText("Log in to challenge the people you follow."),
    ).toBeTruthy();
  });
});
