import { boundedString } from "./input";

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

/**
 * A blog post's card version: its last change, in base 36, so an edit gives the card a new address and link previews
 * fetch it afresh.
 */
export const postCardVersion = (updatedDt: string) =>
  Date.parse(updatedDt).toString(36);

/** A published post's card, drawn on its first request and kept (ADR 017). */
export const postCardPath = (id: number, updatedDt: string) =>
  `/cards/posts/${id}-${postCardVersion(updatedDt)}.png`;

/** A post card's file name, `{id}-{version}.png`: bounded runs of digits and letters, matched in linear time. */
const POST_CARD_FILE = /^([1-9][0-9]{0,14})-([0-9a-z]{1,12})\.png$/;

/** A post card's file name from a path, as its post's id and the version asked for; anything else is not a card. */
export const postCardFileSchema = boundedString(40, "This post has no card")
  .regex(POST_CARD_FILE, "This post has no card")
  .transform((file) => {
    const [, id, version] = POST_CARD_FILE.exec(file)!;
    return { id: Number(id), version };
  });
