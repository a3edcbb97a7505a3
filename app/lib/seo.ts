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
