import type { MetaDescriptor } from "@remix-run/cloudflare";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  SITE_CARDS,
  type SiteCardName,
} from "#contract/cards";

/**
 * The public pages with a fixed address, in the order the sitemap lists them. The other public pages are
 * `/detail/{id}`, `/publisher/{id}` and `/blog/{slug}`, and, open to link previews but `noindex` and not in the
 * sitemap, a shared score `/scores/{id}` and an invitation `/invite/{code}`; everything else is the player's own or a
 * live screen, which robots.txt keeps crawlers out of.
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
  const site = siteOrigin(matches);
  if (!site) return [];
  return [
    { tagName: "link", rel: "canonical", href: new URL(path, site).href },
  ];
}

/** A text field of the root loader's data, or null before that data is there (an error page). */
function rootText(
  matches: Matches,
  field: "site" | "mediaBase",
): string | null {
  const root = matches.find((match) => match.id === "root")?.data;
  const value =
    root && typeof root === "object" && field in root
      ? (root as Record<string, unknown>)[field]
      : null;
  return typeof value === "string" ? value : null;
}

/** The site's origin from the root loader's data, or null before it is there (an error page). */
const siteOrigin = (matches: Matches): string | null =>
  rootText(matches, "site");

export interface ShareCard {
  /** The picture's absolute address. */
  image: string;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  /**
   * Its size: our cards are CARD_WIDTH×CARD_HEIGHT (the default); null for another picture (a game from elsewhere's
   * poster), so no size is claimed rather than a wrong one.
   */
  size?: { width: number; height: number } | null;
}

/** The Open Graph and X tags of a page's share card (ADR 017): an absolute picture with its alt and size, shown large. */
export function cardMeta({
  image,
  alt,
  size = { width: CARD_WIDTH, height: CARD_HEIGHT },
}: ShareCard): MetaDescriptor[] {
  return [
    { property: "og:image", content: image },
    ...(size
      ? [
          { property: "og:image:width", content: String(size.width) },
          { property: "og:image:height", content: String(size.height) },
        ]
      : []),
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: alt },
  ];
}

/**
 * The link-preview tags of one of the site's own pages: its title, description and address, and the site card
 * (made at build time) that fits it.
 */
export function socialMeta(
  matches: Matches,
  page: {
    path: string;
    title: string;
    description: string;
    card: SiteCardName;
  },
): MetaDescriptor[] {
  const site = siteOrigin(matches);
  if (!site) return [];
  const card = SITE_CARDS[page.card];
  return [
    { property: "og:site_name", content: "Playfeed" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: new URL(page.path, site).href },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    ...cardMeta({ image: new URL(card.path, site).href, alt: card.alt }),
  ];
}

/**
 * Asks for a page's largest picture from the document's head, at high priority, before the stylesheets and the
 * module scripts that come after it (docs/developing.md, "What a page paints first"). `src` is the picture's address as the
 * page's <img> has it; none, no link.
 */
export function preloadPicture(
  src: string | null | undefined,
): MetaDescriptor[] {
  if (!src) return [];
  // React 18 passes the attribute through only when it is written in lowercase.
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      href: src,
      fetchpriority: "high",
    },
  ];
}

/** The media base of the root loader's data (where uploaded pictures live), or the default before it is there. */
export const mediaBaseOf = (matches: Matches): string =>
  rootText(matches, "mediaBase") ?? "/media/";
