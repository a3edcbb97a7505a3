import {
  developerGameCardFileSchema,
  developerGameCardPath,
  gameCardPath,
  gameCardVersion,
  postCardFileSchema,
  postCardPath,
  postCardVersion,
} from "#contract/cards";
import type { Blog } from "#contract/blog";
import type { Game } from "#contract/types";
import { gameArt, posterArt, type StaticFiles } from "../cards/art";
import { loadCardFont } from "../cards/card-font";
import { drawableTitle, postCardSvg, type CardPost } from "../cards/post-card";
import { dataUrl, drawableName, gameCardSvg } from "../cards/template";
import { CATALOGUE } from "../db/catalogue";
import { notFound } from "./errors";
import type { CardPainters } from "./ports";

/** The catalogue's games, whose cards scripts/build-cards.ts draws at build time. */
const BUILT_CARDS = new Set(CATALOGUE.map(({ slug }) => slug));

/** A post without a poster shows the icons the blog's own card shows: the catalogue's first nine. */
const BLOG_ICONS = CATALOGUE.slice(0, 9).map(
  ({ slug }) => `/games/${slug}/icon.svg`,
);

/** Where a post's card is kept once drawn: a new version (an edit) is a new key. */
const postCardKey = (id: number, version: string) =>
  `cards/posts/${id}-${version}.png`;

/** What `/cards/posts/{file}` answers: the card, or the address of the post's current card. */
export type PostCardAnswer =
  | { kind: "card"; png: Uint8Array<ArrayBuffer> }
  | { kind: "moved"; path: string };

const cardNotFound = () => notFound("This post has no card");

/** What a game's card is drawn from. */
type CardSubject = Pick<
  Game,
  "_id" | "slug" | "name" | "category" | "icon" | "poster"
>;

/** Where a developer's game's card is kept once drawn: a change to what it shows is a new key. */
const developerCardKey = (id: number, version: string) =>
  `cards/developer-games/${id}-${version}.png`;

export function createCardService(deps: {
  files: StaticFiles;
  media: R2Bucket;
  mediaBase: string;
  painters: CardPainters;
  /** A published post by id (a draft or an unknown id is a 404). */
  publishedPost: (id: number) => Promise<Blog>;
  /** A published game by id (an unpublished or unknown one is a 404). */
  publishedGame: (id: number) => Promise<CardSubject>;
}) {
  /** The games' icons for a post without a poster; one the build lacks is left out. */
  async function blogIcons(): Promise<string[]> {
    const icons = await Promise.all(BLOG_ICONS.map((path) => deps.files(path)));
    return icons.flatMap((bytes) =>
      bytes ? [dataUrl(bytes, "image/svg+xml")] : [],
    );
  }

  /**
   * Draws the post's card (ADR 017): the SVG here, the pixels in a CardPainter. A poster the renderer cannot decode,
   * or that fails the drawing, gives the card without it.
   */
  async function paintPost(post: Blog): Promise<Uint8Array<ArrayBuffer>> {
    const font = (await loadCardFont()).metrics;
    const [read, icons] = await Promise.all([
      posterArt(post.poster_url, deps.files, deps.media, deps.mediaBase),
      blogIcons(),
    ]);
    const poster =
      read && (await deps.painters.decodes(read.href)) ? read : null;
    const tag = post.tags[0] ? drawableName(post.tags[0], font) : null;
    const card: CardPost = {
      title: drawableTitle(post.title, font),
      author: drawableName(post.user_name, font),
      tag,
      poster,
      icons,
    };
    if (!poster) return deps.painters.paint(postCardSvg(card, font));
    try {
      return await deps.painters.paint(postCardSvg(card, font));
    } catch (error) {
      console.warn(`Post ${post._id}'s poster could not be drawn`, error);
      return deps.painters.paint(postCardSvg({ ...card, poster: null }, font));
    }
  }

  /** A developer's game's card: its art, name and category, as the build draws the catalogue's (ADR 017). */
  async function paintGame(
    game: CardSubject,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const font = (await loadCardFont()).metrics;
    const art = await gameArt(game, deps.files, deps.media, deps.mediaBase);
    const card = {
      name: drawableName(game.name, font) ?? "A Playfeed game",
      category: drawableName(game.category, font) ?? "Game",
      ...art,
    };
    try {
      return await deps.painters.paint(gameCardSvg(card, font));
    } catch (error) {
      console.warn(`Game ${game._id}'s art could not be drawn`, error);
      return deps.painters.paint(
        gameCardSvg({ ...card, icon: null, poster: null }, font),
      );
    }
  }

  return {
    /**
     * The path of a game's card: the catalogue's, made at build time, or a developer's game's, drawn on its first
     * request at an address that changes with what it shows.
     */
    gameCard(game: CardSubject): string {
      return BUILT_CARDS.has(game.slug)
        ? gameCardPath(game.slug)
        : developerGameCardPath(game._id, game);
    },

    /** `/cards/developer-games/{id}-{version}.png`, as `postCard` answers a post's. */
    async developerGameCard(file: string): Promise<PostCardAnswer> {
      const parsed = developerGameCardFileSchema.safeParse(file);
      if (!parsed.success) throw notFound("This game has no card");
      const game = await deps.publishedGame(parsed.data.id);
      if (BUILT_CARDS.has(game.slug))
        return { kind: "moved", path: gameCardPath(game.slug) };
      const current = gameCardVersion(game);
      if (parsed.data.version !== current)
        return { kind: "moved", path: developerGameCardPath(game._id, game) };
      const key = developerCardKey(game._id, current);
      const kept = await deps.media.get(key);
      if (kept)
        return { kind: "card", png: new Uint8Array(await kept.arrayBuffer()) };
      const png = await paintGame(game);
      await deps.media.put(key, png, {
        httpMetadata: { contentType: "image/png" },
      });
      return { kind: "card", png };
    },

    /**
     * `/cards/posts/{id}-{version}.png`: a published post's card, kept in R2 once drawn and drawn on its first request.
     * An older version's address answers where the current card is, so a preview cached before an edit still finds
     * one. A draft, an unknown post or a malformed name is a 404.
     */
    async postCard(file: string): Promise<PostCardAnswer> {
      const parsed = postCardFileSchema.safeParse(file);
      if (!parsed.success) throw cardNotFound();
      const { id, version } = parsed.data;
      const post = await deps.publishedPost(id);
      const current = postCardVersion(post.updated_dt);
      if (version !== current)
        return { kind: "moved", path: postCardPath(post._id, post.updated_dt) };
      const key = postCardKey(post._id, current);
      const kept = await deps.media.get(key);
      if (kept)
        return { kind: "card", png: new Uint8Array(await kept.arrayBuffer()) };
      const png = await paintPost(post);
      await deps.media.put(key, png, {
        httpMetadata: { contentType: "image/png" },
      });
      // The cards of earlier versions are no longer shown anywhere.
      const earlier = await deps.media.list({
        prefix: `cards/posts/${post._id}-`,
      });
      const stale = earlier.objects
        .map((object) => object.key)
        .filter((other) => other !== key);
      if (stale.length > 0) await deps.media.delete(stale);
      return { kind: "card", png };
    },
  };
}
