import { describe, expect, it } from "vitest";
import { imageSize } from "../../workers/cards/image-size";
import {
  DESKTOP,
  PHONE,
  baseURL,
  browserAndGames,
  endRound,
  newAccount,
  openPage,
  pageFor,
  waitForPlaying,
} from "./browser";

const shared = browserAndGames();

describe("Share my score", () => {
  it("after a round, gives a public link whose page shows the game, the player and the score, with its card", async () => {
    const { browser, games } = shared;
    const tower = games.find((game) => game.slug === "tower-stack")!;
    const account = await newAccount("Sharing Shay");
    const { context, page, errors } = await pageFor(browser, account, PHONE);
    // Headless Chromium on Linux has no system share sheet: the link is copied, which needs the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: baseURL(),
    });
    await page.goto(`/play/${tower._id}?type=0`);
    await waitForPlaying(page, 15_000);
    const played = await endRound(page, "tower-stack", 3);
    await page.waitForURL(new RegExp(`/result/${tower._id}$`), {
      timeout: 15_000,
    });

    await page.getByRole("button", { name: "Share my score" }).click();
    await page.getByText("Link copied").waitFor();
    const link = await page.getByTestId("share-url").inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL()}/scores/[A-Za-z0-9]{12}$`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      link,
    );
    // Pressing it again hands on the same link, without making another.
    await page.getByRole("button", { name: "Share my score" }).click();
    await page.getByText("Link copied").waitFor();
    expect(await page.getByTestId("share-url").inputValue()).toBe(link);
    expect(errors).toEqual([]);
    await context.close();

    // Anyone with the link: a visitor, at both sizes.
    for (const viewport of [PHONE, DESKTOP]) {
      const visitor = await openPage(browser, viewport);
      await visitor.page.goto(link);
      const title = visitor.page.getByRole("heading", { level: 1 });
      await expect
        .poll(() => title.innerText())
        .toMatch(new RegExp(`Sharing Shay\\s+scored\\s+${played}$`));
      expect(
        await visitor.page.getByRole("link", { name: "Tower Stack" }).count(),
      ).toBeGreaterThan(0);
      const play = visitor.page.getByRole("link", { name: "Beat this score" });
      expect(await play.getAttribute("href")).toBe(`/play/${tower._id}?type=0`);
      expect(await play.isVisible()).toBe(true);

      const meta = (key: string) =>
        visitor.page
          .locator(`meta[property="${key}"], meta[name="${key}"]`)
          .getAttribute("content");
      const image = await meta("og:image");
      expect(image).toBe(`${link.replace("/scores/", "/cards/scores/")}.png`);
      expect(await meta("og:image:width")).toBe("1200");
      expect(await meta("og:image:height")).toBe("630");
      expect(await meta("og:image:alt")).toContain("Sharing Shay");
      expect(await meta("og:title")).toBe(
        `Sharing Shay scored ${played} on Tower Stack`,
      );
      expect(await meta("twitter:card")).toBe("summary_large_image");
      const card = await fetch(image!);
      expect(card.headers.get("Content-Type")).toBe("image/png");
      expect(imageSize(new Uint8Array(await card.arrayBuffer()))).toEqual({
        kind: "png",
        width: 1200,
        height: 630,
      });
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    }
  });
});
