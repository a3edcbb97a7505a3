import type { MetaDescriptor } from "@remix-run/cloudflare";

/**
 * The public pages with a fixed address, in the order the sitemap lists them. The other public pages are
 * `/detail/{id}`, `/publisher/{id}` and `/blog/{slug}`; everything else is the player's own or a live screen, which
 * robots.txt keeps crawlers out of.
 */
export const MAIN_PUBLIC_PAGES = [
  "/",
  "/home-page",
  "/home",
  "/blog",
  "/about",
  "/contact",
  "/terms",
  "/privacy",
] as const;

/** What a route's meta function is given of the matched routes: only the root's data (its `site`) is read. */
type Matches = ReadonlyArray<{ id: string; data?: unknown }>;

/**
 * `<link rel="canonical">` for a page: its one absolute address on the site's origin (the root loader's `site`),
 * without the query of a shared or tracked link. Until the root data is there (an error page) no link is given.
 */
export function canonicalLink(
  matches: Matches,
  path: string,
): MetaDescriptor[] {
  const root = matches.find((match) => match.id === "root")?.data;
  const site =
    root && typeof root === "object" && "site" in root ? root.site : null;
  if (typeof site !== "string") return [];
  return [
    { tagName: "link", rel: "canonical", href: new URL(path, site).href },
  ];
}
