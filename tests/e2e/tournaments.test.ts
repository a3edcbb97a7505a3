import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  apiRound,
  browserAndGames,
  newAccount,
  pageFor,
} from "./browser";

const shared = browserAndGames();

describe("daily and weekly tournaments", () => {
  it("show the period's board with the time left under Daily and Weekly, beside All time", async () => {
    const { browser, games } = shared;
    // Sky Hopper: the browser tests that expect an empty board look at other games.
    const game = games.find((entry) => entry.slug === "sky-hopper")!;
    const suffix = Date.now() % 100_000;
    const [ida, jon, kit, lea] = [
      await newAccount(`Ida Daily ${suffix}`),
      await newAccount(`Jon Weekly ${suffix}`),
      await newAccount(`Kit Board ${suffix}`),
      await newAccount(`Lea Fourth ${suffix}`),
    ];
    const scores = await Promise.all([
      apiRound(ida, game, 6),
      apiRound(jon, game, 4),
      apiRound(kit, game, 2),
      apiRound(lea, game, 1),
    ]);
    // Three on the podium and Lea, who is looking, fourth: the first row of the table below it.
    for (let place = 1; place < scores.length; place++)
      expect(scores[place - 1].score).toBeGreaterThan(scores[place].score);

    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, errors } = await pageFor(browser, lea, viewport);
      await page.goto(`/detail/${game._id}`);
      const board = page.getByTestId("leaderboard");
      // All time is the board shown first, as before.
      expect(
        await board
          .getByRole("tab", { name: "All time" })
          .getAttribute("aria-selected"),
      ).toBe("true");

      await board.getByRole("tab", { name: "Daily" }).click();
      const daily = board.getByTestId("tournament-daily");
      const left = daily.getByTestId("tournament-time-left");
      await left.waitFor();
      expect(await left.innerText()).toMatch(
        /^Ends in (\d+ h \d+ min|\d+ min \d+ s) \(.+ your time\)$/,
      );
      expect(await daily.innerText()).toContain(
        "Top three win 100 / 50 / 25 coins",
      );
      const podium = await daily.locator(".podium__name").allInnerTexts();
      expect(podium[0]).toBe(ida.user.name);
      expect([...podium].sort()).toEqual(
        [ida, jon, kit].map((account) => account.user.name).sort(),
      );
      // The viewer's own row is marked and looks it, on /detail as in the feed's drawer.
      const mine = daily.locator(".leaderboard__table tbody tr.is-me");
      expect(await mine.locator("td").nth(1).innerText()).toContain(
        lea.user.name,
      );
      expect(
        await mine
          .locator("td")
          .first()
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      ).not.toBe("rgba(0, 0, 0, 0)");
      // Who can win is on the board; four accounts made today can win nothing, and Lea is told what she lacks.
      expect(
        await daily
          .getByTestId("tournament-rules")
          .locator("li")
          .allInnerTexts(),
      ).toEqual([
        "Accounts at least 3 days old",
        "10 verified rounds, on 2 different days, each reaching its game's minimum score",
        "A score of at least 10 in this game",
        "Your first 20 rounds of this game a day count (started and left ones too)",
        "A verified e-mail address",
      ]);
      expect(await daily.locator(".podium .tournament__no-prize").count()).toBe(
        3,
      );
      const own = await daily.getByTestId("tournament-eligibility").innerText();
      expect(own).toMatch(/Your account can win prizes from \d+ \w{3} \d{4}/);
      expect(own).toContain("Play 10 more verified rounds to be eligible");
      expect(own).toContain("Play on 2 more days to be eligible");
      expect(own).toContain("Verify your e-mail address to be eligible");

      // The time left is the time to the next 00:00 UTC.
      const [, hours, minutes] =
        /^Ends in (\d+) h (\d+) min/.exec(await left.innerText()) ??
        /^Ends in ()(\d+) min/.exec(await left.innerText()) ??
        [];
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      const shown = (Number(hours || 0) * 60 + Number(minutes)) * 60_000;
      expect(Math.abs(midnight.getTime() - Date.now() - shown)).toBeLessThan(
        2 * 60_000,
      );

      await board.getByRole("tab", { name: "Weekly" }).click();
      const weekly = board.getByTestId("tournament-weekly");
      await weekly.getByTestId("tournament-time-left").waitFor();
      expect(
        await weekly.getByTestId("tournament-time-left").innerText(),
      ).toMatch(/^Ends in \d+ (d|h|min) /);
      expect(await weekly.innerText()).toContain(
        "Top three win 500 / 250 / 100 coins",
      );
      expect(await weekly.locator(".podium__name").first().innerText()).toBe(
        ida.user.name,
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("opens on the period its address names, with that board from the page, and then switches in place", async () => {
    const { browser, games } = shared;
    const game = games.find((entry) => entry.slug === "sky-hopper")!;
    const player = await newAccount(`Mo Address ${Date.now() % 100_000}`);
    await apiRound(player, game, 3);
    const { context, page, errors } = await pageFor(browser, player, PHONE);
    const boardReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/boards/"))
        boardReads.push(request.url());
    });
    await page.goto(`/detail/${game._id}?period=weekly`);
    const board = page.getByTestId("leaderboard");
    const selected = (name: string) =>
      board.getByRole("tab", { name }).getAttribute("aria-selected");
    expect(await selected("Weekly")).toBe("true");
    const weekly = board.getByTestId("tournament-weekly");
    expect(await weekly.innerText()).toContain(
      "Top three win 500 / 250 / 100 coins",
    );
    expect(await weekly.innerText()).toContain(player.user.name);
    // Its code runs once the board comes near (the countdown is drawn only then), and reads nothing again.
    await board.scrollIntoViewIfNeeded();
    await weekly.getByTestId("tournament-time-left").waitFor();
    expect(boardReads).toEqual([]);

    await board.getByRole("tab", { name: "All time" }).click();
    await expect.poll(() => selected("All time")).toBe("true");
    expect(new URL(page.url()).search).toBe("?period=weekly");
    await board.getByRole("tab", { name: "Daily" }).click();
    await board
      .getByTestId("tournament-daily")
      .getByTestId("tournament-time-left")
      .waitFor();
    expect(boardReads.some((url) => url.includes("period=daily"))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
