import type { AppLoadContext } from "@remix-run/cloudflare";
import { MAIN_PUBLIC_PAGES } from "~/lib/seo";
import { requestOrigin } from "./loaders.server";
import { escapeXml } from "./xml.server";

/**
 * Crawlers stay out of these prefixes: the API and sockets, the player's own pages, forms and the live screens of a
 * round (play, waiting room, watch, result, summary), which say nothing without the player. A prefix ending in a
 * letter also covers longer paths (`/challenges` covers `/challenges?tab=…`).
 */
export const DISALLOWED_PREFIXES = [
  "/api/",
  "/ws",
  "/actions/",
  "/auth/",
  "/login",
  "/registration",
  "/user-info",
  "/likes",
  "/saved-games",
  "/recently-played",
  "/notifications",
  "/social",
  "/shop",
  "/challenges",
  "/challenge/",
  "/editor/",
  "/developer",
  "/moderation",
  "/dev/",
  "/settings",
  "/forgot-password",
  "/reset-password/",
  "/verify-email/",
  "/confirm-email/",
  "/goodbye",
  "/admin",
  "/report/",
  "/play/",
  "/waiting/",
  "/watch/",
  "/result/",
  "/summary/",
  "/match/",
  "/boards/",
  "/publisher-panel/",
] as const;

/** How long a browser or crawler may keep robots.txt and the sitemap; a new game or post shows within it. */
export const SEO_CACHE_CONTROL = "public, max-age=300";

/** The sitemap protocol allows 50,000 addresses a file; each list is capped well within that. */
const SITEMAP_LIST_LIMIT = 10_000;

export function robotsTxt(request: Request): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${requestOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
}

interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/**
 * The sitemap of the public pages: the fixed ones, every published game and every publisher of one, and every
 * published post. Only posts carry a `<lastmod>`: a game or publisher row records when it was added, not when it last
 * changed, and a wrong date is worse for a crawler than none.
 */
export async function sitemapXml(
  context: AppLoadContext,
  request: Request,
): Promise<string> {
  const site = requestOrigin(request);
  const [{ gameIds, publisherIds }, posts] = await Promise.all([
    context.services.games.listIndexable(SITEMAP_LIST_LIMIT),
    context.services.blog.listPublishedAddresses(SITEMAP_LIST_LIMIT),
  ]);
  const newestPost = posts
    .map((post) => post.updated_dt)
    .reduce<string | undefined>(
      (newest, date) => (!newest || date > newest ? date : newest),
      undefined,
    );
  const entries: SitemapEntry[] = [
    ...MAIN_PUBLIC_PAGES.map((path) =>
      path === "/blog" ? { path, lastmod: newestPost } : { path },
    ),
    ...gameIds.map((id) => ({ path: `/detail/${id}` })),
    ...publisherIds.map((id) => ({ path: `/publisher/${id}` })),
    ...posts.map((post) => ({ path: post.blog_url, lastmod: post.updated_dt })),
  ];
  const url = ({ path, lastmod }: SitemapEntry) =>
    [
      "<url>",
      `<loc>${escapeXml(new URL(path, site).href)}</loc>`,
      lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "",
      "</url>",
    ].join("");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(url),
    "</urlset>",
    "",
  ].join("\n");
}
