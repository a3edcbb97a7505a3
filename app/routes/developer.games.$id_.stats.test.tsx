// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type {
  GameStatsReport,
  StatsDay,
  StatsFigures,
} from "#contract/developer-stats";
import { renderInRoot, type RenderOptions } from "../../tests/setup/components";
import GameStats from "./developer.games.$id_.stats";

afterEach(cleanup);

const none: StatsFigures = {
  plays: 0,
  players: 0,
  averageSeconds: null,
  finishedShare: null,
  newPlayers: 0,
  returnDay1: null,
  returnDay7: null,
  likes: 0,
  ratings: 0,
  adBreaks: 0,
  errors: 0,
};

/** Thirty days to 29 Nov 2026; `today`'s figures on the last. */
function report(today: Partial<StatsFigures>, totals: Partial<StatsFigures>) {
  const days: StatsDay[] = Array.from({ length: 30 }, (_, index) => ({
    ...none,
    day: new Date(Date.UTC(2026, 9, 31 + index)).toISOString().slice(0, 10),
    ...(index === 29 ? today : {}),
  }));
  return {
    report: {
      game: { id: 42, name: "Counting Sheep" },
      days,
      totals: { ...none, ...totals },
    } satisfies GameStatsReport,
  };
}

function renderStats(loaded: ReturnType<typeof report>) {
  renderInRoot(null, {
    path: "/developer/games/:id/stats",
    initialEntry: "/developer/games/42/stats",
    loader: (() => loaded) as unknown as RenderOptions["loader"],
    Component: GameStats,
  });
}

describe("/developer/games/:id/stats", () => {
  it("says numbers appear once someone plays, before anyone has", async () => {
    renderStats(report({}, {}));
    expect(
      await screen.findByRole("heading", { name: "Counting Sheep: numbers" }),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "No plays yet" })).toBeTruthy();
    expect(
      screen.getByText(
        /Numbers appear here the day someone plays Counting Sheep/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(
      screen
        .getByRole("link", { name: "Back to the game" })
        .getAttribute("href"),
    ).toBe("/developer/games/42");
  });

  it("shows the totals and a chart with its table for each figure", async () => {
    const today = {
      plays: 3,
      players: 2,
      averageSeconds: 125,
      finishedShare: 2 / 3,
      newPlayers: 2,
      likes: 1,
      adBreaks: 4,
      errors: 1,
    };
    renderStats(report(today, { ...today, returnDay1: 0.5 }));
    const totals = await screen.findByLabelText("Last 30 days");
    expect(within(totals).getByText("2m 05s")).toBeTruthy();
    expect(within(totals).getByText("67%")).toBeTruthy();
    expect(within(totals).getByText("50%")).toBeTruthy();
    const titles = screen
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      "Rounds started and players",
      "Average time played per round",
      "Rounds finished with a score",
      "New players who came back",
      "Likes and ratings given",
      "Ad breaks the game asked for",
      "Errors the game reported",
    ]);
    expect(screen.getAllByRole("table")).toHaveLength(7);
    const plays = screen.getByRole("table", {
      name: "Rounds started and players, by day",
    });
    const rows = within(plays).getAllByRole("row");
    expect(rows).toHaveLength(32);
    // The latest day first, under the header.
    expect(rows[1].textContent).toBe("Nov 2932");
    expect(rows[31].textContent).toBe("Last 30 days32");
    const returns = screen.getByRole("table", {
      name: "New players who came back, by day",
    });
    expect(within(returns).getAllByRole("row")[31].textContent).toBe(
      "Last 30 days50%–",
    );
  });
});
