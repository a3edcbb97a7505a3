import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Blog } from "#contract/blog";
import {
  DESKTOP,
  PHONE,
  baseURL,
  launchBrowser,
  openPage,
  signIn,
} from "./browser";
import { imageSize } from "../../workers/cards/image-size";
import { solidPng } from "./png";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WRITER = { email: "writer@playfeed.local", password: "Writer@2026" };
const unique = `${Date.now()}`.slice(-6);
const title = `Field notes from the arcade ${unique}`;
const slug = `field-notes-from-the-arcade-${unique}`;

const block = (page: Page, position: number) =>
  page.locator(".editor-blocks > li").nth(position - 1);
const blockKinds = (page: Page) =>
  page
    .locator(".editor-blocks > li")
    .evaluateAll((items) =>
      items.map((item) => item.getAttribute("data-kind")),
    );

async function writeText(page: Page, position: number, text: string) {
  await block(page, position)
    .getByRole("button", { name: "Text", exact: true })
    .click();
  const field = page.getByRole("textbox", {
    name: `Text of block ${position}`,
  });
  await field.click();
  await page.keyboard.type(text);
}

const metaContent = (page: Page, attribute: "property" | "name", key: string) =>
  page.locator(`head meta[${attribute}="${key}"]`).getAttribute("content");

describe("the blog", () => {
  it("a writer writes a post with text and an image, reorders and deletes blocks and publishes; a visitor reads it with its card tags", async () => {
    const writer = await openPage(browser, PHONE);
    await signIn(writer.context, WRITER.email, WRITER.password);
    const { page } = writer;

    // The editor's script is loaded lazily: the server sends 'Please wait', not the editor.
    const response = await page.goto("/editor/new");
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain("Please wait");
    expect(html).not.toContain("What goes here?");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel(/^Tags/).fill("Tips, arcade");

    // Block 1: the placeholder becomes text.
    await writeText(page, 1, "The first paragraph, typed in the editor.");
    // Block 2: an image, uploaded to R2.
    await page.getByRole("button", { name: "Add block after block 1" }).click();
    await block(page, 2)
      .getByRole("button", { name: "Image", exact: true })
      .click();
    await block(page, 2)
      .locator('input[type="file"]')
      .setInputFiles({
        name: "arcade.png",
        mimeType: "image/png",
        buffer: solidPng(48, [139, 92, 246]),
      });
    await expect
      .poll(() => block(page, 2).locator("img").getAttribute("src"), {
        timeout: 10_000,
      })
      .toMatch(/^\/media\/blog\/\d+\/[0-9a-f-]{36}\.png$/);
    await block(page, 2)
      .getByLabel(/^Describe the image/)
      .fill("A violet square");
    // Blocks 3 and 4: text, the first of them to be deleted.
    await page.getByRole("button", { name: "Add block after block 2" }).click();
    await writeText(page, 3, "A paragraph that will be deleted.");
    await page.getByRole("button", { name: "Add block after block 3" }).click();
    await writeText(page, 4, "Closing words.");
    expect(await blockKinds(page)).toEqual(["text", "img", "text", "text"]);

    // Reorder: the image goes to the top. Delete: the paragraph that was third.
    await page.getByRole("button", { name: "Move block 2 up" }).click();
    expect(await blockKinds(page)).toEqual(["img", "text", "text", "text"]);
    await expect
      .poll(() => block(page, 3).innerText())
      .toContain("A paragraph that will be deleted.");
    await page.getByRole("button", { name: "Delete block 3" }).click();
    expect(await blockKinds(page)).toEqual(["img", "text", "text"]);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect
      .poll(() => page.locator(".blog-editor__status").innerText())
      .toContain("Published!");
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toMatch(/^\/editor\/\d+$/);

    const stored = await (
      await fetch(`${baseURL()}/api/blog/${slug}`)
    ).json<Blog>();
    expect(stored).toMatchObject({
      title,
      status: "published",
      tags: ["tips", "arcade"],
      user_name: "Maya Fields",
    });
    expect(stored.content.map((item) => item.type)).toEqual([
      "img",
      "text",
      "text",
    ]);
    expect(stored.content[0]).toMatchObject({ alt: "A violet square" });
    expect(stored.content[1].content).toContain(
      "The first paragraph, typed in the editor.",
    );
    expect(stored.content[2].content).toContain("Closing words.");
    expect(JSON.stringify(stored.content)).not.toContain("will be deleted");
    // With no poster chosen, the first image stands in for it.
    expect(stored.poster_url).toBe(stored.content[0].content);

    // The writer's own post offers Edit.
    await page.goto(`/blog/${slug}`);
    await expect
      .poll(() => page.getByRole("link", { name: "Edit" }).getAttribute("href"))
      .toBe(`/editor/${stored._id}`);
    expect(writer.errors).toEqual([]);
    await writer.context.close();

    // A visitor finds it at the top of the list and reads it.
    const visitor = await openPage(browser, DESKTOP);
    await visitor.page.goto("/blog");
    const first = visitor.page.locator(".blog-list .blog-card").first();
    await expect
      .poll(() => first.locator(".blog-card__title").innerText())
      .toBe(title);
    expect(await first.innerText()).toContain("Maya Fields");
    await first.getByRole("link", { name: title }).click();
    await expect.poll(() => visitor.page.locator("h1").innerText()).toBe(title);
    const article = visitor.page.locator("article.blog-post");
    expect(await article.innerText()).toContain(
      "The first paragraph, typed in the editor.",
    );
    expect(await article.innerText()).not.toContain("will be deleted");
    // The upload (or, past its own width, its stand-in original), drawn: srcset scales naturalWidth by its density.
    await expect
      .poll(() =>
        article
          .getByRole("img", { name: "A violet square" })
          .evaluate(
            (image: HTMLImageElement) =>
              image.complete &&
              image.naturalWidth > 0 &&
              new URL(image.currentSrc).pathname.startsWith("/media/blog/"),
          ),
      )
      .toBe(true);
    expect(await article.getByRole("link", { name: "Edit" }).count()).toBe(0);

    // The card a shared link shows.
    const pageUrl = `${baseURL()}/blog/${slug}`;
    expect(await metaContent(visitor.page, "property", "og:title")).toBe(title);
    expect(await metaContent(visitor.page, "property", "og:type")).toBe(
      "article",
    );
    expect(await metaContent(visitor.page, "property", "og:url")).toBe(pageUrl);
    // The post's own card, drawn from its title, writer and picture: a 1200×630 PNG.
    const card = await metaContent(visitor.page, "property", "og:image");
    expect(card).toMatch(
      new RegExp(`^${baseURL()}/cards/posts/${stored._id}-[0-9a-z]+\\.png$`),
    );
    expect(await metaContent(visitor.page, "property", "og:image:width")).toBe(
      "1200",
    );
    expect(await metaContent(visitor.page, "property", "og:image:height")).toBe(
      "630",
    );
    expect(await metaContent(visitor.page, "property", "og:image:alt")).toBe(
      title,
    );
    const drawn = await fetch(card!);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("Content-Type")).toBe("image/png");
    expect(imageSize(new Uint8Array(await drawn.arrayBuffer()))).toEqual({
      kind: "png",
      width: 1200,
      height: 630,
    });
    expect(await metaContent(visitor.page, "name", "twitter:card")).toBe(
      "summary_large_image",
    );
    expect(await metaContent(visitor.page, "name", "twitter:title")).toBe(
      title,
    );
    const jsonLd = JSON.parse(
      (await visitor.page
        .locator('head script[type="application/ld+json"]')
        .textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@type": "Article",
      headline: title,
      url: pageUrl,
      author: { name: "Maya Fields" },
      image: [card, `${baseURL()}/media/${stored.poster_url}`],
    });
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it("Publish waits for a picture still uploading, and the post then shows that picture once", async () => {
    const writer = await openPage(browser, DESKTOP);
    await signIn(writer.context, WRITER.email, WRITER.password);
    const { page } = writer;
    // The picture's upload is held until the writer has pressed Publish.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/media/upload/*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/editor/new");
    const postTitle = `Held picture ${unique}`;
    await page.getByLabel("Title").fill(postTitle);
    await writeText(page, 1, "Text before the picture.");
    await page.getByRole("button", { name: "Add block after block 1" }).click();
    await block(page, 2)
      .getByRole("button", { name: "Image", exact: true })
      .click();
    await block(page, 2)
      .locator('input[type="file"]')
      .setInputFiles({
        name: "held.png",
        mimeType: "image/png",
        buffer: solidPng(40, [236, 72, 153]),
      });
    await expect.poll(() => block(page, 2).innerText()).toContain("Uploading…");
    await page.getByRole("button", { name: "Publish" }).click();
    const status = page.locator(".blog-editor__status");
    await expect
      .poll(() => status.innerText())
      .toContain("Publishing as soon as the pictures have uploaded…");
    release();
    await expect.poll(() => status.innerText()).toContain("Published!");

    const slugOf = `held-picture-${unique}`;
    const stored = await (
      await fetch(`${baseURL()}/api/blog/${slugOf}`)
    ).json<Blog>();
    expect(stored.content.map((item) => item.type)).toEqual(["text", "img"]);
    expect(stored.poster_url).toBe(stored.content[1].content);

    await page.goto(`/blog/${slugOf}`);
    const pictures = page.locator(
      `article.blog-post img[src$="${stored.poster_url}"]`,
    );
    await expect.poll(() => pictures.count()).toBe(1);
    expect(writer.errors).toEqual([]);
    await writer.context.close();
  });

  it("lists 5 posts at a time, with more on request, with and without JavaScript", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto("/blog");
    const cards = page.locator(".blog-list .blog-card");
    expect(await cards.count()).toBe(5);
    const total = (
      await (
        await fetch(`${baseURL()}/api/blog/list/playfeed?limit=20`)
      ).json<{ posts: unknown[] }>()
    ).posts.length;
    expect(total).toBeGreaterThan(5);
    await page.waitForFunction(
      () =>
        (window as unknown as { __remixContext?: unknown }).__remixContext !==
        undefined,
    );
    await page.getByRole("link", { name: "More posts" }).click();
    await expect.poll(() => cards.count()).toBe(Math.min(total, 10));
    expect(new URL(page.url()).search).toBe("");
    expect(errors).toEqual([]);
    await context.close();

    // Without JavaScript the same link opens the next page.
    const plain = await browser.newContext({
      baseURL: baseURL(),
      javaScriptEnabled: false,
      viewport: PHONE,
    });
    const plainPage = await plain.newPage();
    await plainPage.goto("/blog");
    await plainPage.getByRole("link", { name: "More posts" }).click();
    // The address changes when the next document starts to arrive; its cards are there once it has loaded.
    await plainPage.waitForURL(/\/blog\?page=2/);
    await expect
      .poll(() => plainPage.locator(".blog-list .blog-card").count())
      .toBe(Math.min(total - 5, 5));
    expect(
      await plainPage.getByRole("link", { name: "Newer posts" }).count(),
    ).toBe(1);
    await plain.close();
  });

  it("serves an RSS feed of the published posts", async () => {
    const response = await fetch(`${baseURL()}/blog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(
      "application/rss+xml",
    );
    const xml = await response.text();
    expect(xml).toContain("<title>Playfeed blog</title>");
    expect(xml).toContain(`<link>${baseURL()}/blog/welcome-to-playfeed</link>`);
    expect(xml).toMatch(
      /<enclosure url="http:\/\/127\.0\.0\.1:\d+\/media\/blog\/welcome-poster\.jpg" type="image\/jpeg"/,
    );
  });

  it("keeps the editor from players who are not writers", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await signIn(context, "ava@playfeed.local");
    await page.goto("/editor/new");
    await expect
      .poll(() => page.locator("main").innerText())
      .toContain("For blog writers only");
    expect(await page.getByLabel("Title").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
