// The part of `cards.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).

/** Share cards (ADR 017): the picture a link preview shows, at the size Open Graph and X recommend. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The site's own cards, made at build time into build/client/cards/. */
export const SITE_CARDS = {
  home: {
    path: "/cards/home.png",
    alt: "Playfeed: casual games to play free in your browser",
  },
  blog: {
    path: "/cards/blog.png",
    alt: "The Playfeed blog: news, game tips and stories",
  },
  invite: {
    path: "/cards/invite.png",
    alt: "An invitation to play casual games with friends on Playfeed",
  },
} as const;

export type SiteCardName = keyof typeof SITE_CARDS;

/** A catalogue game's card, made at build time from its art, name and category. */
export const gameCardPath = (slug: string) => `/cards/games/${slug}.png`;

/** What a game's card shows: a change to any of it gives a developer's game's card a new address. */
interface CardFacts {
  name: string;
  category: string;
  icon: string;
  poster: string | null;
}

/** A developer's game's card version: an FNV-1a hash of what it shows, in base 36. */
export function gameCardVersion(game: CardFacts): string {
  const text = [game.name, game.category, game.icon, game.poster ?? ""].join(
    "\u0000",
  );
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** A developer's game's card (issue #33): drawn at run time on its first request and kept, as a post's is. */
export const developerGameCardPath = (id: number, game: CardFacts) =>
  `/cards/developer-games/${id}-${gameCardVersion(game)}.png`;

/**
 * A blog post's card version: its last change, in base 36, so an edit gives the card a new address and link previews
 * fetch it afresh.
 */
export const postCardVersion = (updatedDt: string) =>
  Date.parse(updatedDt).toString(36);

/** A published post's card, drawn on its first request and kept (ADR 017). */
export const postCardPath = (id: number, updatedDt: string) =>
  `/cards/posts/${id}-${postCardVersion(updatedDt)}.png`;
