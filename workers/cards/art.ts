import { sniffImage } from "#contract/uploads";
import { imageSize, jpegOrientation } from "./image-size";
import type { CardPicture } from "./post-card";
import { accentOf, dataUrl, type CardGame } from "./template";

/** Reads a file of the client build (build/client) by its path, or null when there is none. */
export type StaticFiles = (path: string) => Promise<Uint8Array | null>;

/** The largest picture a card embeds: a game's art is tens of kilobytes; anything far bigger is not art of ours. */
const MAX_ART_BYTES = 2 * 1024 * 1024;

/**
 * A stored picture value as a path on this site: root-relative paths as they are, media keys under the media base
 * when that base is on this site. Absolute addresses elsewhere are never fetched for a card.
 */
function ownPath(value: string | null, mediaBase: string): string | null {
  if (!value || value.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(value))
    return null;
  if (value.startsWith("/")) return value;
  if (!mediaBase.startsWith("/") || mediaBase.startsWith("//")) return null;
  return `${mediaBase.replace(/\/?$/, "/")}${value.replace(/^\/+/, "")}`;
}

/** A picture's bytes from the build's files, else (a media key) from R2; null when neither has it. */
async function readPicture(
  path: string,
  files: StaticFiles,
  media: R2Bucket,
  mediaBase: string,
): Promise<Uint8Array | null> {
  const fromBuild = await files(path);
  if (fromBuild) return fromBuild;
  const base = mediaBase.replace(/\/?$/, "/");
  if (!path.startsWith(base)) return null;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(base.length));
  } catch {
    return null;
  }
  const object = await media.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** The picture as a data: address the renderer can draw: SVG, PNG or JPEG of a sane size; null otherwise. */
function drawable(bytes: Uint8Array | null, path: string): string | null {
  if (!bytes || bytes.length > MAX_ART_BYTES) return null;
  if (path.endsWith(".svg")) return dataUrl(bytes, "image/svg+xml");
  const kind = sniffImage(bytes);
  return kind === "png" || kind === "jpeg"
    ? dataUrl(bytes, `image/${kind}`)
    : null;
}

/** A game's icon and poster for its cards, with the accent colour of its icon. Missing art is simply left out. */
export async function gameArt(
  game: { icon: string | null; poster: string | null },
  files: StaticFiles,
  media: R2Bucket,
  mediaBase: string,
): Promise<Pick<CardGame, "icon" | "poster" | "accent">> {
  const [iconPath, posterPath] = [
    ownPath(game.icon, mediaBase),
    ownPath(game.poster, mediaBase),
  ];
  const [iconBytes, posterBytes] = await Promise.all([
    iconPath ? readPicture(iconPath, files, media, mediaBase) : null,
    posterPath ? readPicture(posterPath, files, media, mediaBase) : null,
  ]);
  const iconSvg =
    iconBytes && iconPath?.endsWith(".svg")
      ? new TextDecoder().decode(iconBytes)
      : null;
  return {
    icon: iconPath ? drawable(iconBytes, iconPath) : null,
    poster: posterPath ? drawable(posterBytes, posterPath) : null,
    accent: accentOf(iconSvg),
  };
}

/**
 * The most pixels a poster may decode to on a card: a 12-megapixel phone photo is fine, while a small file that claims
 * a huge size (a PNG of 20000×20000 deflates to little) would not fit a CardPainter's memory.
 */
const MAX_POSTER_PIXELS = 4096 * 4096;

/**
 * A blog post's poster for its card, with its size read from its own bytes: our own file or upload only (never an
 * address elsewhere), a PNG, JPEG or GIF (the kinds the renderer decodes) of a sane size; null otherwise, and the card
 * is drawn without one.
 */
export async function posterArt(
  value: string | null,
  files: StaticFiles,
  media: R2Bucket,
  mediaBase: string,
): Promise<CardPicture | null> {
  const path = ownPath(value, mediaBase);
  const bytes = path ? await readPicture(path, files, media, mediaBase) : null;
  if (!bytes || bytes.length > MAX_ART_BYTES) return null;
  const size = imageSize(bytes);
  if (
    !size ||
    size.kind === "webp" ||
    size.width < 1 ||
    size.height < 1 ||
    size.width * size.height > MAX_POSTER_PIXELS
  )
    return null;
  // A phone's upright photo is often stored on its side, with EXIF saying how to turn it.
  const orientation = size.kind === "jpeg" ? jpegOrientation(bytes) : 1;
  const turned = orientation >= 5;
  return {
    href: dataUrl(bytes, `image/${size.kind}`),
    width: turned ? size.height : size.width,
    height: turned ? size.width : size.height,
    orientation,
  };
}
