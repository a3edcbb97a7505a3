import { gameCardPath } from "#contract/cards";
import { ownPath, readPicture, type StaticFiles } from "../cards/art";
import { imageSize, type ImageSize } from "../cards/image-size";
import { CATALOGUE } from "../db/catalogue";

/** The catalogue's games, whose cards scripts/build-cards.ts draws at build time. */
const BUILT_CARDS = new Set(CATALOGUE.map(({ slug }) => slug));

/** Sizes read so far in this isolate: a stored picture never changes under its address. */
const sizes = new Map<string, ImageSize | null>();
const MAX_REMEMBERED = 500;

export function createCardService(deps: {
  files: StaticFiles;
  media: R2Bucket;
  mediaBase: string;
}) {
  return {
    /** The path of a game's card made at build time, or null for a game outside the catalogue (it has none). */
    gameCard(slug: string): string | null {
      return BUILT_CARDS.has(slug) ? gameCardPath(slug) : null;
    },

    /**
     * A stored picture's size, read from its own bytes (a blog post's poster, for its link preview), or null when it is
     * not ours or says no size.
     */
    async pictureSize(value: string | null): Promise<ImageSize | null> {
      const path = ownPath(value, deps.mediaBase);
      if (!path) return null;
      if (sizes.has(path)) return sizes.get(path)!;
      const bytes = await readPicture(
        path,
        deps.files,
        deps.media,
        deps.mediaBase,
      );
      const size = bytes ? imageSize(bytes) : null;
      if (sizes.size >= MAX_REMEMBERED) sizes.clear();
      sizes.set(path, size);
      return size;
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
