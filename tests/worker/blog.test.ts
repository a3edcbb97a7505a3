import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Blog, BlogPage } from "#contract/blog";
import type { ApiErrorBody } from "#contract/types";
import { imageSize } from "../../workers/cards/image-size";
import { SEED_BLOG_POSTS } from "../../workers/db/blog-posts";
import {
  getJson,
  json,
  newPlayer,
  request,
  seed,
  tokenFor,
  type Player,
} from "./helpers";
import { bandedPng, brokenPng } from "./png";

let writer: { token: string; userId: number };
let otherWriter: Player;
let player: { token: string; userId: number };

beforeAll(async () => {
  await seed();
  writer = await tokenFor("writer@playfeed.local");
  player = await tokenFor("ava@playfeed.local");
  otherWriter = await newPlayer("Theo Banks");
  await env.DB.prepare("update users set can_write = 1 where id = ?")
    .bind(otherWriter.userId)
    .run();
});

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44,
  0x52,
]);
const unique = () => crypto.randomUUID().slice(0, 8);

const text = (id: string, content: string) => ({ id, type: "text", content });

async function createPost(token: string, body: Record<string, unknown>) {
  return getJson<Blog & ApiErrorBody>("/api/blog", json("POST", body, token));
}

async function publishedPost(
  token = writer.token,
  title = `Release notes ${unique()}`,
) {
  const { status, body } = await createPost(token, {
    title,
    tags: ["news"],
    content: [text("a", "<p>Fresh out.</p>")],
    status: "published",
  });
  expect(status).toBe(201);
  return body;
}

/** An uploaded blog image of this writer, through the real upload-url flow. */
async function uploadBlogImage(
  token: string,
  bytes: BodyInit = PNG,
  fileName = "shot.png",
) {
  const address = await getJson<{ url: string; path: string }>(
    "/api/media/upload-url",
    json("POST", { mediaUploadType: "blog-image", fileName }, token),
  );
  expect(address.status).toBe(200);
  const response = await request(new URL(address.body.url).pathname, {
    method: "PUT",
    body: bytes,
    headers: { "Content-Type": "image/png" },
  });
  return { response, path: address.body.path };
}

describe("reading the blog", () => {
  it("lists published posts newest first, 5 a page (SPEC.md §9), with more on the next page", async () => {
    const first = await getJson<BlogPage>("/api/blog/list/playfeed");
    expect(first.status).toBe(200);
    expect(first.body.page).toBe(0);
    expect(first.body.posts).toHaveLength(5);
    expect(first.body.has_more).toBe(true);
    const dates = first.body.posts.map((post) => post.published_dt!);
    expect([...dates].sort().reverse()).toEqual(dates);
    const seeded =
      first.body.posts.find((post) => post.slug === "welcome-to-playfeed") ??
      (await getJson<Blog>("/api/blog/welcome-to-playfeed")).body;
    expect(seeded).toMatchObject({
      user_name: "Maya Fields",
      status: "published",
      blog_url: "/blog/welcome-to-playfeed",
    });
    expect(first.body.posts[0]).not.toHaveProperty("content");
    expect(first.body.posts[0].excerpt.length).toBeGreaterThan(20);

    const second = await getJson<BlogPage>("/api/blog/list/playfeed?page=1");
    expect(second.body.page).toBe(1);
    const ids = new Set(
      [...first.body.posts, ...second.body.posts].map((post) => post._id),
    );
    expect(ids.size).toBe(first.body.posts.length + second.body.posts.length);
  });

  it("seeds at least 4 posts by the demo writer, each with a poster and an image block", async () => {
    expect(SEED_BLOG_POSTS.length).toBeGreaterThanOrEqual(4);
    for (const { slug } of SEED_BLOG_POSTS) {
      const { status, body } = await getJson<Blog>(`/api/blog/${slug}`);
      expect(status, slug).toBe(200);
      expect(body.user_id).toBe(writer.userId);
      expect(body.poster_url).toMatch(/^\/media\/blog\/[a-z-]+\.jpg$/);
      expect(body.content.some((block) => block.type === "img")).toBe(true);
    }
  });

  it("reads a post by id and by slug, the same post both ways", async () => {
    const post = await publishedPost();
    const byId = await getJson<Blog>(`/api/blog/content/${post._id}`);
    const bySlug = await getJson<Blog>(`/api/blog/${post.slug}`);
    expect(byId.status).toBe(200);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(byId.body);
    expect(byId.body.content).toEqual([
      { id: "a", type: "text", content: "<p>Fresh out.</p>" },
    ]);
  });

  it("filters the list by tag", async () => {
    const { body } = await getJson<BlogPage>(
      "/api/blog/list/playfeed?tag=puzzle&limit=20",
    );
    expect(body.posts.map((post) => post.slug)).toEqual([
      "puzzle-corner-think-two-moves-ahead",
    ]);
  });

  it("answers 4xx with a message for a bad list query, id or address", async () => {
    const unknownClient = await getJson<ApiErrorBody>(
      "/api/blog/list/another-site",
    );
    expect(unknownClient.status).toBe(404);
    expect(unknownClient.body.error.message).toBe(
      "There is no blog for client 'another-site'",
    );
    expect(
      (await getJson<ApiErrorBody>("/api/blog/list/playfeed?page=-1")).body
        .error.message,
    ).toBe("page must be a whole number from 0");
    expect(
      (await getJson<ApiErrorBody>("/api/blog/list/playfeed?limit=500")).status,
    ).toBe(400);
    expect(
      (await getJson<ApiErrorBody>("/api/blog/list/playfeed?author=me")).status,
    ).toBe(401);
    expect(
      (await getJson<ApiErrorBody>("/api/blog/content/abc")).body.error.message,
    ).toBe("Invalid post id");
    expect(
      (await getJson<ApiErrorBody>("/api/blog/content/999999")).status,
    ).toBe(404);
    expect(
      (await getJson<ApiErrorBody>("/api/blog/Not%20A%20Slug")).status,
    ).toBe(400);
    expect(
      (await getJson<ApiErrorBody>("/api/blog/no-such-post")).body.error
        .message,
    ).toBe("Post not found");
  });
});

describe("writing posts", () => {
  it("creates a draft only its author can see, then publishes it under a slug that then stays", async () => {
    const title = `Spring update ${unique()}`;
    const created = await createPost(writer.token, {
      title,
      tags: ["News", " news ", "Updates"],
      content: [text("t1", "<p>Draft text</p>")],
    });
    expect(created.status).toBe(201);
    const draft = created.body;
    expect(draft).toMatchObject({
      title,
      status: "draft",
      published_dt: null,
      tags: ["news", "updates"],
      user_name: "Maya Fields",
    });
    expect(draft.slug).toBe(title.toLowerCase().replace(/ /g, "-"));

    // Invisible to everyone else: not listed, not readable by id or slug.
    const listed = await getJson<BlogPage>("/api/blog/list/playfeed?limit=20");
    expect(listed.body.posts.map((post) => post._id)).not.toContain(draft._id);
    expect((await getJson(`/api/blog/content/${draft._id}`)).status).toBe(404);
    expect(
      (
        await getJson(`/api/blog/${draft.slug}`, {
          headers: { Authorization: `Bearer ${player.token}` },
        })
      ).status,
    ).toBe(404);
    // Its author sees it, and finds it among their own posts.
    expect(
      (
        await getJson(`/api/blog/content/${draft._id}`, {
          headers: { Authorization: `Bearer ${writer.token}` },
        })
      ).status,
    ).toBe(200);
    const mine = await getJson<BlogPage>(
      "/api/blog/list/playfeed?author=me&limit=20",
      { headers: { Authorization: `Bearer ${writer.token}` } },
    );
    expect(mine.body.posts[0]).toMatchObject({
      _id: draft._id,
      status: "draft",
    });

    // While a draft, the slug follows the title.
    const retitled = await getJson<Blog>(
      `/api/blog/${draft._id}`,
      json("PUT", { title: `${title} is here` }, writer.token),
    );
    expect(retitled.status).toBe(200);
    expect(retitled.body.slug).toBe(`${draft.slug}-is-here`);
    expect(retitled.body.content).toEqual(draft.content);

    const published = await getJson<Blog>(
      `/api/blog/${draft._id}`,
      json(
        "PUT",
        { status: "published", content: [text("t1", "<p>Final text</p>")] },
        writer.token,
      ),
    );
    expect(published.status).toBe(200);
    expect(published.body.status).toBe("published");
    expect(published.body.published_dt).not.toBeNull();
    const front = await getJson<BlogPage>("/api/blog/list/playfeed");
    expect(front.body.posts[0]._id).toBe(draft._id);

    // Published: a new title keeps the shared address.
    const renamed = await getJson<Blog>(
      `/api/blog/${draft._id}`,
      json("PUT", { title: "A whole new name" }, writer.token),
    );
    expect(renamed.body.title).toBe("A whole new name");
    expect(renamed.body.slug).toBe(published.body.slug);
    expect(
      (await getJson<Blog>(`/api/blog/${published.body.slug}`)).body.content,
    ).toEqual([{ id: "t1", type: "text", content: "<p>Final text</p>" }]);
  });

  it("gives two posts with the same title different addresses", async () => {
    const title = `Twin title ${unique()}`;
    const a = await createPost(writer.token, { title });
    const b = await createPost(writer.token, { title });
    expect(b.body.slug).toBe(`${a.body.slug}-2`);
  });

  it("removes scripts, handlers and styles from text, so no script reaches a reader", async () => {
    const hostile =
      '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(document.cookie)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">link</a><style>body{}</style>';
    const created = await createPost(writer.token, {
      title: `Safe ${unique()}`,
      content: [text("x", hostile)],
      status: "published",
    });
    expect(created.status).toBe(201);
    const stored = await env.DB.prepare(
      "select content from blog_posts where id = ?",
    )
      .bind(created.body._id)
      .first<string>("content");
    for (const content of [
      stored!,
      JSON.stringify(
        (await getJson<Blog>(`/api/blog/content/${created.body._id}`)).body
          .content,
      ),
    ]) {
      expect(content).not.toMatch(
        /<script|onclick|onerror|javascript:|<style|<img/i,
      );
      expect(content).toContain("<strong>there</strong>");
    }
    const page = await (
      await request(`/blog/${created.body.slug}`, {
        headers: { Accept: "text/html" },
      })
    ).text();
    expect(page).toContain("Hello <strong>there</strong>");
    expect(page).not.toContain("alert(document.cookie)");
  });

  it("keeps uploaded blog images, and refuses another writer's upload", async () => {
    const { response, path } = await uploadBlogImage(writer.token);
    expect(response.status).toBe(201);
    expect(path).toMatch(
      new RegExp(`^blog/${writer.userId}/[0-9a-f-]{36}\\.png$`),
    );
    const created = await createPost(writer.token, {
      title: `With a picture ${unique()}`,
      poster_url: path,
      content: [{ id: "i", type: "img", content: path, alt: "A screenshot" }],
      status: "published",
    });
    expect(created.status).toBe(201);
    expect(created.body.poster_url).toBe(path);
    const served = await request(`/media/${path}`);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    await served.arrayBuffer();

    const stolen = await createPost(otherWriter.token, {
      title: "Borrowed",
      content: [{ id: "i", type: "img", content: path }],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.message).toBe(
      "Use pictures you uploaded yourself",
    );
  });

  it("refuses a post whose picture is still uploading, then takes it once the picture has landed", async () => {
    const address = await getJson<{ url: string; path: string }>(
      "/api/media/upload-url",
      json(
        "POST",
        { mediaUploadType: "blog-image", fileName: "slow.png" },
        writer.token,
      ),
    );
    const withPicture = {
      title: `Still uploading ${unique()}`,
      content: [
        text("a", "<p>Look:</p>"),
        { id: "i", type: "img", content: address.body.path },
      ],
      status: "published",
    };
    const early = await createPost(writer.token, withPicture);
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(
      "A picture in this post has not finished uploading. Wait for it, then save again.",
    );
    const live = await publishedPost();
    const earlyEdit = await getJson<ApiErrorBody>(
      `/api/blog/${live._id}`,
      json("PUT", { poster_url: address.body.path }, writer.token),
    );
    expect(earlyEdit.status).toBe(400);
    expect(
      (await getJson<Blog>(`/api/blog/content/${live._id}`)).body.poster_url,
    ).toBe(null);

    const landed = await request(new URL(address.body.url).pathname, {
      method: "PUT",
      body: PNG,
      headers: { "Content-Type": "image/png" },
    });
    expect(landed.status).toBe(201);
    const created = await createPost(writer.token, withPicture);
    expect(created.status).toBe(201);
    expect(created.body.content[1]).toMatchObject({
      content: address.body.path,
    });
  });

  it("uses the first image as the poster when none is chosen", async () => {
    const created = await createPost(writer.token, {
      title: `No poster ${unique()}`,
      content: [
        text("a", "<p>Hi</p>"),
        { id: "b", type: "img", content: "/media/blog/snake-board.jpg" },
      ],
    });
    expect(created.body.poster_url).toBe("/media/blog/snake-board.jpg");
  });

  it.each([
    [{}, "Please enter a title"],
    [{ title: "   " }, "Please enter a title"],
    [{ title: "x".repeat(121) }, "Keep the title under 120 characters"],
    [{ title: "Ok", tags: "news" }, "tags must be a list of words"],
    [
      { title: "Ok", tags: ["a", "b", "c", "d", "e", "f", "g", "h", "i"] },
      "Use at most 8 tags",
    ],
    [
      { title: "Ok", tags: ["<b>"] },
      "Tags may use letters, digits, spaces and hyphens",
    ],
    [
      { title: "Ok", content: [{ id: "a", type: "video", content: "x" }] },
      "A block's type is 'text' or 'img'",
    ],
    [
      { title: "Ok", content: [text("a", "x"), text("a", "y")] },
      "Two blocks have the same id",
    ],
    [
      {
        title: "Ok",
        content: [
          { id: "a", type: "img", content: "https://evil.example/x.png" },
        ],
      },
      "An image must be a picture uploaded for the blog",
    ],
    [
      {
        title: "Ok",
        content: [
          { id: "a", type: "img", content: "blob:http://localhost/4f0c" },
        ],
      },
      "An image must be a picture uploaded for the blog",
    ],
    [
      { title: "Ok", poster_url: "../../etc/passwd" },
      "An image must be a picture uploaded for the blog",
    ],
    [
      { title: "Ok", content: [text("a", "x".repeat(20_001))] },
      "Keep each text block under 20000 characters",
    ],
    [{ title: "Ok", status: "live" }, "status must be 'draft' or 'published'"],
    [
      {
        title: "Ok",
        status: "published",
        content: [text("a", "<p> </p><script>x</script>")],
      },
      "Add some text or an image before publishing",
    ],
  ])("refuses a bad post with 400 (case %#): %s", async (body, message) => {
    const { status, body: answer } = await createPost(writer.token, body);
    expect(status).toBe(400);
    expect(answer.error.message).toBe(message);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const { status, body } = await getJson<ApiErrorBody>(
      "/api/blog",
      json("POST", "{not json", writer.token),
    );
    expect(status).toBe(400);
    expect(body.error.message).toBe("The request body must be JSON");
  });
});

describe("pages", () => {
  const page = (path: string) =>
    request(path, { headers: { Accept: "text/html" } });

  it("shows a new post in the cached list for visitors at once, and a draft's page to nobody else", async () => {
    await (await page("/blog")).text();
    const cached = await page("/blog");
    expect(cached.headers.get("X-Playfeed-Cache")).toBe("hit");
    await cached.text();
    const post = await publishedPost(
      writer.token,
      `Hot off the press ${unique()}`,
    );
    const fresh = await page("/blog");
    expect(fresh.headers.get("X-Playfeed-Cache")).toBe("miss");
    expect(await fresh.text()).toContain(post.title);

    const draft = await createPost(writer.token, {
      title: `Secret plans ${unique()}`,
    });
    const hidden = await page(`/blog/${draft.body.slug}`);
    expect(hidden.status).toBe(404);
    await hidden.text();
  });

  it("gives a post's page its card tags and an Article JSON-LD", async () => {
    const html = await (await page("/blog/welcome-to-playfeed")).text();
    expect(html).toContain(
      '<meta property="og:title" content="Welcome to Playfeed: twelve games, one thumb"/>',
    );
    const card = /<meta property="og:image" content="([^"]+)"\/>/.exec(
      html,
    )?.[1];
    expect(card).toMatch(
      /^https:\/\/playfeed\.test\/cards\/posts\/[1-9]\d*-[0-9a-z]+\.png$/,
    );
    expect(html).toContain(
      '<meta property="og:image:width" content="1200"/><meta property="og:image:height" content="630"/>',
    );
    expect(html).toContain(
      '<meta property="og:image:alt" content="Welcome to Playfeed: twelve games, one thumb"/>',
    );
    expect(html).toContain(
      '<meta name="twitter:card" content="summary_large_image"/>',
    );
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1],
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@type": "Article",
      headline: "Welcome to Playfeed: twelve games, one thumb",
      author: { "@type": "Person", name: "Maya Fields" },
      image: [card, "https://playfeed.test/media/blog/welcome-poster.jpg"],
    });
  });

  it("serves the RSS feed", async () => {
    const response = await request("/blog/rss.xml");
    expect(response.headers.get("Content-Type")).toBe(
      "application/rss+xml; charset=utf-8",
    );
    const xml = await response.text();
    expect(xml.match(/<item>/g)!.length).toBeGreaterThanOrEqual(
      SEED_BLOG_POSTS.length,
    );
    expect(xml).toContain(
      "<link>https://playfeed.test/blog/welcome-to-playfeed</link>",
    );
  });
});

describe("a post's share card", () => {
  /** The og:image and its companions on the post's page, as a link preview reads them. */
  async function cardTags(slug: string) {
    const html = await (
      await request(`/blog/${slug}`, { headers: { Accept: "text/html" } })
    ).text();
    const tags = new Map<string, string>();
    for (const [, key, content] of html.matchAll(
      /<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g,
    ))
      tags.set(key, content.replaceAll("&amp;", "&").replaceAll("&#x27;", "'"));
    return { tags, html };
  }

  /** A card address answers a PNG of exactly 1200×630; its bytes. */
  async function expectCardPng(path: string) {
    const response = await request(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(imageSize(bytes)).toEqual({ kind: "png", width: 1200, height: 630 });
    return bytes;
  }

  const cardPath = (url: string) => new URL(url).pathname;
  const keyOf = (path: string) => path.slice(1);

  it("is drawn for a post whose poster is an odd size, kept in R2, and is what the page's og:image names", async () => {
    const { response, path } = await uploadBlogImage(
      writer.token,
      await bandedPng(300, 500),
      "tall.png",
    );
    expect(response.status).toBe(201);
    const title = `Standing tall: a portrait poster ${unique()}`;
    const created = await createPost(writer.token, {
      title,
      tags: ["behind the scenes"],
      poster_url: path,
      content: [text("a", "<p>A tall picture.</p>")],
      status: "published",
    });
    expect(created.status).toBe(201);
    const { tags } = await cardTags(created.body.slug);
    const image = tags.get("og:image")!;
    expect(image).toMatch(
      new RegExp(
        `^https://playfeed\\.test/cards/posts/${created.body._id}-[0-9a-z]+\\.png$`,
      ),
    );
    expect(tags.get("og:image:width")).toBe("1200");
    expect(tags.get("og:image:height")).toBe("630");
    expect(tags.get("og:image:alt")).toBe(title);
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    expect(tags.get("twitter:image")).toBe(image);

    expect(await env.MEDIA.head(keyOf(cardPath(image)))).toBeNull();
    const bytes = await expectCardPng(cardPath(image));
    const kept = await env.MEDIA.get(keyOf(cardPath(image)));
    expect(kept).not.toBeNull();
    expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(bytes);
    // The second request is answered from R2: the same bytes, without drawing again.
    expect(await expectCardPng(cardPath(image))).toEqual(bytes);
    const head = await request(cardPath(image), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(bytes.length));
    // Drawing compiles the renderer on first use, a few seconds on a busy test machine.
  }, 60_000);

  it("is drawn without a poster, and after an edit the old address leads to the new card", async () => {
    const post = await publishedPost(
      writer.token,
      `No picture at all ${unique()}`,
    );
    expect(post.poster_url).toBeNull();
    const before = (await cardTags(post.slug)).tags.get("og:image")!;
    await expectCardPng(cardPath(before));

    const edited = await getJson<Blog>(
      `/api/blog/${post._id}`,
      json("PUT", { title: `${post.title}, edited` }, writer.token),
    );
    expect(edited.status).toBe(200);
    const after = (await cardTags(post.slug)).tags.get("og:image")!;
    expect(after).not.toBe(before);
    expect(cardPath(after)).toMatch(new RegExp(`^/cards/posts/${post._id}-`));

    const stale = await request(cardPath(before), { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(cardPath(after));
    await stale.arrayBuffer();
    await expectCardPng(stale.headers.get("Location")!);
    // The card of the earlier version is gone from R2 once the new one is kept.
    expect(await env.MEDIA.head(keyOf(cardPath(before)))).toBeNull();
    expect(await env.MEDIA.head(keyOf(cardPath(after)))).not.toBeNull();
  }, 60_000);

  it("is drawn as if there were no poster when the poster cannot be decoded or is far too large", async () => {
    const title = `Broken picture ${unique()}`;
    const cardOf = async (poster: Uint8Array<ArrayBuffer> | null) => {
      let posterUrl: string | null = null;
      if (poster) {
        const { response, path } = await uploadBlogImage(writer.token, poster);
        expect(response.status).toBe(201);
        posterUrl = path;
      }
      const created = await createPost(writer.token, {
        title,
        tags: ["news"],
        poster_url: posterUrl,
        content: [text("a", "<p>Oops.</p>")],
        status: "published",
      });
      expect(created.status).toBe(201);
      const image = (await cardTags(created.body.slug)).tags.get("og:image")!;
      return expectCardPng(cardPath(image));
    };
    const without = await cardOf(null);
    // Its header says 300×500 but its pixels are not there; the other claims 30000×30000 in a few bytes.
    expect(await cardOf(brokenPng(300, 500))).toEqual(without);
    expect(await cardOf(brokenPng(30_000, 30_000))).toEqual(without);
    // A poster that decodes makes a different card.
    expect(await cardOf(await bandedPng(300, 500))).not.toEqual(without);
  }, 60_000);

  it("exists only for a published post: a draft, an unknown post or a malformed address is a 404", async () => {
    const draft = await createPost(writer.token, {
      title: `Not yet ${unique()}`,
      content: [text("a", "<p>Soon.</p>")],
    });
    expect(draft.body.status).toBe("draft");
    const draftPage = await request(`/blog/${draft.body.slug}`, {
      headers: { Accept: "text/html", Cookie: `pf_session=${writer.token}` },
    });
    const html = await draftPage.text();
    expect(draftPage.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('property="og:image"');
    const version = Date.parse(draft.body.updated_dt).toString(36);
    const cases: Array<[string, string | null]> = [
      [`/cards/posts/${draft.body._id}-${version}.png`, "Post not found"],
      [`/cards/posts/999999999-${version}.png`, "Post not found"],
      ["/cards/posts/not-a-card.png", "This post has no card"],
      ["/cards/posts/0-abc.png", "This post has no card"],
      ["/cards/posts/12-ABC.png", "This post has no card"],
      ["/cards/posts/12-abc.jpg", "This post has no card"],
      ["/cards/posts/12-abc.png.png", "This post has no card"],
      [`/cards/posts/${"1".repeat(16)}-abc.png`, "This post has no card"],
      [`/cards/posts/1-${"a".repeat(5000)}.png`, "This post has no card"],
      ["/cards/posts/%E2%80%AE1-abc.png", "This post has no card"],
      ["/cards/posts/", null],
    ];
    for (const [path, message] of cases) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      if (message) {
        expect(response.headers.get("Content-Type"), path).toContain(
          "application/json",
        );
        const body = await response.json<ApiErrorBody>();
        expect(body.error.message, path).toBe(message);
      } else await response.arrayBuffer();
    }
  });
});

describe("who may write", () => {
  it("asks a visitor to log in (401) and refuses a player who is not a writer (403)", async () => {
    const anonymous = await createPost("", { title: "Hello" });
    expect(anonymous.status).toBe(401);
    const refused = await createPost(player.token, {
      title: "Hello",
      content: [text("a", "<p>Hi</p>")],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "Only blog writers can write posts",
    );
    expect(
      await env.DB.prepare(
        "select count(*) n from blog_posts where title = 'Hello'",
      ).first<number>("n"),
    ).toBe(0);
  });

  it("refuses another writer editing a post (403) and leaves the post as it was", async () => {
    const post = await publishedPost();
    const attempt = await getJson<ApiErrorBody>(
      `/api/blog/${post._id}`,
      json("PUT", { title: "Hijacked" }, otherWriter.token),
    );
    expect(attempt.status).toBe(403);
    expect(attempt.body.error.message).toBe("You can only edit your own posts");
    const byPlayer = await getJson<ApiErrorBody>(
      `/api/blog/${post._id}`,
      json("PUT", { title: "Hijacked" }, player.token),
    );
    expect(byPlayer.status).toBe(403);
    expect(
      (
        await getJson(
          `/api/blog/${post._id}`,
          json("PUT", { title: "Hijacked" }),
        )
      ).status,
    ).toBe(401);
    expect(
      (await getJson<Blog>(`/api/blog/content/${post._id}`)).body.title,
    ).toBe(post.title);
  });

  it("answers 404 for editing a post that does not exist and 400 for a malformed id", async () => {
    expect(
      (
        await getJson(
          `/api/blog/999999`,
          json("PUT", { title: "x" }, writer.token),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await getJson<ApiErrorBody>(
          `/api/blog/abc`,
          json("PUT", { title: "x" }, writer.token),
        )
      ).body.error.message,
    ).toBe("Invalid post id");
  });

  it("hands blog upload addresses to writers only, and the upload checks size and type", async () => {
    const refused = await getJson<ApiErrorBody>(
      "/api/media/upload-url",
      json(
        "POST",
        { mediaUploadType: "blog-image", fileName: "a.png" },
        player.token,
      ),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "Only blog writers can upload blog images",
    );

    const notImage = await uploadBlogImage(
      writer.token,
      "<script>alert(1)</script>",
    );
    expect(notImage.response.status).toBe(415);
    expect(await env.MEDIA.head(notImage.path)).toBeNull();

    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(PNG);
    const tooBig = await uploadBlogImage(writer.token, big);
    expect(tooBig.response.status).toBe(413);
    expect((await tooBig.response.json<ApiErrorBody>()).error.message).toBe(
      "Pictures can be at most 2 MB",
    );
    expect(await env.MEDIA.head(tooBig.path)).toBeNull();
  });
});
