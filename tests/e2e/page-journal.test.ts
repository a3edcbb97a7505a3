import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { PHONE, launchBrowser, openPage } from "./browser";
import { journalReport } from "./page-journal";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the page journal a failed test prints", () => {
  it("tells each page's document loads, in-page moves, refusals and where it stands", async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto("/games");
    await page.goto("/no-such-page");
    await page.goto("/");
    await page.waitForFunction(() =>
      Object.keys(document.querySelector(".site-header") ?? {}).some((key) =>
        key.startsWith("__reactFiber"),
      ),
    );
    await page.evaluate(() => history.pushState(null, "", "/?moved=1"));
    await expect.poll(() => journalReport("a test")).toContain("at /?moved=1");

    const report = await journalReport("a test");
    const lines = report.split("\n");
    expect(lines[0]).toBe("[page journal] a test");
    expect(lines[1]).toMatch(
      /^ {2}page 1, now \/\?moved=1: complete, hydrated$/,
    );
    const events = lines
      .slice(2)
      .map((line) => line.replace(/^ {4}\+\d+\.\ds /, ""));
    expect(events).toEqual(
      expect.arrayContaining([
        "document loaded /games",
        "404 GET /no-such-page",
        "document loaded /",
        "at /?moved=1",
      ]),
    );
    expect(events.indexOf("document loaded /games")).toBeLessThan(
      events.indexOf("404 GET /no-such-page"),
    );
    await context.close();
    expect(await journalReport("a test")).toContain("now closed");
  });
});
