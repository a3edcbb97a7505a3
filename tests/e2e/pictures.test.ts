import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, baseURL, launchBrowser, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The first picture `selector` finds, once it has arrived: the address the browser chose and how wide it is drawn. */
async function drawnPicture(page: Page, selector: string) {
  const picture = page.locator(selector).first();
  // A picture below the fold loads lazily, when it comes near the screen.
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      picture.evaluate(
        (image: HTMLImageElement) =>
          image.complete && image.naturalWidth > 0 && image.currentSrc,
      ),
    )
    .toBeTruthy();
  return picture.evaluate((image: HTMLImageElement) => ({
    src: new URL(image.currentSrc).pathname,
    drawn: Math.round(image.getBoundingClientRect().width),
    fetchpriority: image.getAttribute("fetchpriority"),
    loading: image.getAttribute("loading"),
  }));
}

const LEAD_POSTER = ".blog-card__media img";
/** The newest seeded post's poster (other tests publish posts of their own, which may come first on /blog). */
const SEEDED_POSTER = '.blog-card__media img[srcset*="-poster.jpg"]';
const SEEDED_TITLE =
  '.blog-card:has(.blog-card__media img[srcset*="-poster.jpg"]) .blog-card__title a';
const POST_POSTER = ".blog-post__poster";

describe("pictures at the size the screen needs", () => {
  it("a phone gets /blog's posters at 640 pixels in WebP, the first one fetched first and the rest lazily", async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto("/blog");
    const lead = await drawnPicture(page, LEAD_POSTER);
    expect(lead).toMatchObject({ fetchpriority: "high", loading: "eager" });
    expect(lead.drawn).toBeLessThanOrEqual(640);
    const seeded = await drawnPicture(page, SEEDED_POSTER);
    expect(seeded.src).toMatch(/^\/media\/blog\/[a-z-]+\.jpg\.w640\.webp$/);
    expect(seeded.drawn).toBeLessThanOrEqual(640);
    expect(
      await page
        .locator(LEAD_POSTER)
        .evaluateAll((images) =>
          images.slice(1).map((image) => image.getAttribute("loading")),
        ),
    ).toEqual(expect.arrayContaining(["lazy"]));
    await context.close();
  });

  it("a phone with three device pixels to a CSS pixel gets the 1280 variant of the same poster", async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      baseURL: baseURL(),
    });
    const page = await context.newPage();
    await page.goto("/blog");
    expect((await drawnPicture(page, SEEDED_POSTER)).src).toMatch(
      /^\/media\/blog\/[a-z-]+\.jpg\.w1280\.webp$/,
    );
    await context.close();
  });

  it("a post's poster is 640 pixels wide on a phone and 960 at 1280×800, where it is drawn 780 wide (the list's stays 640)", async () => {
    const phone = await openPage(browser, PHONE);
    await phone.page.goto("/blog");
    const href = await phone.page
      .locator(SEEDED_TITLE)
      .first()
      .getAttribute("href");
    await phone.page.goto(href!);
    expect((await drawnPicture(phone.page, POST_POSTER)).src).toMatch(
      /\.jpg\.w640\.webp$/,
    );
    await phone.context.close();

    const desktop = await openPage(browser, DESKTOP);
    await desktop.page.goto("/blog");
    // The list's posters are drawn at most about 550 wide beside the side menu: 640 still covers them.
    expect((await drawnPicture(desktop.page, SEEDED_POSTER)).src).toMatch(
      /\.jpg\.w640\.webp$/,
    );
    await desktop.page.goto(href!);
    const poster = await drawnPicture(desktop.page, POST_POSTER);
    expect(poster.src).toMatch(/\.jpg\.w960\.webp$/);
    expect(poster).toMatchObject({ drawn: 780, fetchpriority: "high" });
    await desktop.context.close();
  });
});
