import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Blog } from "#contract/blog";
import { BASE, getJson, json, request, seed, tokenFor } from "./helpers";

let writer: { token: string; userId: number };

beforeAll(async () => {
  await seed();
  writer = await tokenFor("writer@playfeed.local");
});

const unique = () => crypto.randomUUID().slice(0, 8);

async function createPost(status: "draft" | "published"): Promise<Blog> {
  const { status: code, body } = await getJson<Blog>(
    "/api/blog",
    json(
      "POST",
      {
        title: `Sitemap check ${unique()}`,
        tags: ["news"],
        content: [{ id: "a", type: "text", content: "<p>Words.</p>" }],
        status,
      },
      writer.token,
    ),
  );
  expect(code).toBe(201);
  return body;
}

/** A publisher whose only game is not published: neither may be listed. */
async function unpublishedGameOfItsOwnPublisher() {
  const name = `Hidden Studio ${unique()}`;
  const publisher = await env.DB.prepare(
    "insert into publishers (name, icon, banner, about) values (?, '/favicon.svg', '/favicon.svg', '') returning id",
  )
    .bind(name)
    .first<number>("id");
  const game = await env.DB.prepare(
    `insert into games (slug, name, category_id, publisher_id, icon, is_published)
     values (?, 'Not Yet', (select min(id) from categories), ?, '/favicon.svg', 0) returning id`,
  )
    .bind(`not-yet-${unique()}`, publisher)
    .first<number>("id");
  return { publisherId: publisher!, gameId: game! };
}

async function sitemap() {
  const response = await request("/sitemap.xml");
  expect(response.status).toBe(200);
  const xml = await response.text();
  const urls = [
    ...xml.matchAll(
      /<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g,
    ),
  ].map(([, loc, lastmod]) => ({ loc, lastmod }));
  return { response, xml, urls, locs: urls.map((url) => url.loc) };
}

describe("robots.txt", () => {
  it("lets crawlers into the public pages, keeps them out of the API, accounts and live screens, and names the sitemap", async () => {
    const response = await request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "text/plain; charset=utf-8",
    );
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const prefix of [
      "/api/",
      "/user-info",
      "/social",
      "/login",
      "/play/",
      "/waiting/",
      "/watch/",
    ])
      expect(lines).toContain(`Disallow: ${prefix}`);
    const disallowed = lines
      .filter((line) => line.startsWith("Disallow: "))
      .map((line) => line.slice("Disallow: ".length));
    for (const open of [
      "/",
      "/home",
      "/home-page",
      "/detail/1",
      "/publisher/1",
      "/blog",
      "/blog/welcome-to-playfeed",
      "/about",
    ])
      expect(
        disallowed.filter((prefix) => open.startsWith(prefix)),
        open,
      ).toEqual([]);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it("names the sitemap on the origin it was asked on", async () => {
    const response = await exports.default.fetch(
      new Request("http://localhost:8797/robots.txt"),
    );
    expect(await response.text()).toContain(
      "Sitemap: http://localhost:8797/sitemap.xml",
    );
  });
});

describe("sitemap.xml", () => {
  it("lists the main pages, every published game and its publisher, and published posts with their dates", async () => {
    const post = await createPost("published");
    const { response, xml, urls, locs } = await sitemap();
    expect(response.headers.get("Content-Type")).toBe(
      "application/xml; charset=utf-8",
    );
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
    for (const path of ["/", "/home-page", "/home", "/blog", "/about"])
      expect(locs).toContain(`${BASE}${path}`);

    const published = await env.DB.prepare(
      "select id, publisher_id from games where is_published = 1",
    ).all<{ id: number; publisher_id: number }>();
    expect(published.results.length).toBeGreaterThanOrEqual(12);
    for (const game of published.results) {
      expect(locs).toContain(`${BASE}/detail/${game.id}`);
      expect(locs).toContain(`${BASE}/publisher/${game.publisher_id}`);
    }

    const listed = urls.find((url) => url.loc === `${BASE}${post.blog_url}`);
    expect(listed).toEqual({
      loc: `${BASE}${post.blog_url}`,
      lastmod: post.updated_dt,
    });
    expect(urls.find((url) => url.loc === `${BASE}/blog`)?.lastmod).toBe(
      post.updated_dt,
    );
    expect(locs).toContain(`${BASE}/blog/welcome-to-playfeed`);
    // Each address once, and nothing unescaped.
    expect(new Set(locs).size).toBe(locs.length);
    expect(xml).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/);
  });

  it("leaves out drafts, a post taken back to draft, an unpublished game and a publisher with nothing published", async () => {
    const draft = await createPost("draft");
    const withdrawn = await createPost("published");
    const unpublishing = await getJson(
      `/api/blog/${withdrawn._id}`,
      json("PUT", { status: "draft" }, writer.token),
    );
    expect(unpublishing.status).toBe(200);
    const hidden = await unpublishedGameOfItsOwnPublisher();

    const { locs } = await sitemap();
    expect(locs).not.toContain(`${BASE}${draft.blog_url}`);
    expect(locs).not.toContain(`${BASE}${withdrawn.blog_url}`);
    expect(locs).not.toContain(`${BASE}/detail/${hidden.gameId}`);
    expect(locs).not.toContain(`${BASE}/publisher/${hidden.publisherId}`);
  });
});

describe("canonical links", () => {
  const canonicalOf = async (path: string) => {
    const response = await request(path, { headers: { Accept: "text/html" } });
    expect(response.status, path).toBe(200);
    const html = await response.text();
    return [...html.matchAll(/<link rel="canonical" href="([^"]*)"\/>/g)].map(
      ([, href]) => href,
    );
  };

  it.each([
    ["/", "/"],
    ["/home-page", "/home-page"],
    ["/home", "/home"],
    ["/about", "/about"],
    ["/contact", "/contact"],
    ["/terms", "/terms"],
    ["/privacy", "/privacy"],
    ["/blog", "/blog"],
    ["/blog?page=2&utm_source=mail", "/blog?page=2"],
    ["/blog?tag=tips", "/blog?tag=tips"],
    ["/blog/welcome-to-playfeed", "/blog/welcome-to-playfeed"],
    ["/detail/1?_sF=home", "/detail/1"],
    ["/publisher/1", "/publisher/1"],
  ])("%s names %s as its one address", async (path, canonical) => {
    expect(await canonicalOf(path)).toEqual([`${BASE}${canonical}`]);
  });
});
