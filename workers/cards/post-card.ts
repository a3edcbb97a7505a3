import type { FontMetrics } from "./font";
import {
  COLOURS,
  brand,
  drawableName,
  fit,
  frame,
  pill,
  text,
  titleLines,
} from "./template";

/*
 * A blog post's share card: its title beside the post's poster (turned upright by its EXIF orientation), or beside
 * the games' icons when it has none. Drawn with the same pieces as the other cards (`template.ts`).
 */

/** A picture for a card, with its size as read from its own bytes. */
export interface CardPicture {
  /** A data: address. */
  href: string;
  /** Its size as seen upright, after `orientation`. */
  width: number;
  height: number;
  /** Its EXIF orientation (1–8): how its stored pixels are turned and mirrored to be seen upright; 1 by default. */
  orientation?: number;
}

/** EXIF orientation → the mirror (applied last) and the turn, in degrees clockwise, that show the pixels upright. */
const ORIENTATIONS: Record<number, [mirror: boolean, turn: number]> = {
  1: [false, 0],
  2: [true, 0],
  3: [false, 180],
  4: [true, 180],
  5: [true, 90],
  6: [false, 90],
  7: [true, -90],
  8: [false, -90],
};

/**
 * `picture` cropped to fill the box (x, y, width, height), turned upright: for a quarter turn the stored pixels fill
 * the box's transpose, which the turn lays over the box.
 */
function coverImage(
  picture: CardPicture,
  x: number,
  y: number,
  width: number,
  height: number,
): string {
  const [mirror, turn] = ORIENTATIONS[picture.orientation ?? 1] ?? [false, 0];
  const quarter = Math.abs(turn) === 90;
  const [w, h] = quarter ? [height, width] : [width, height];
  const cx = x + width / 2;
  const cy = y + height / 2;
  const transform =
    mirror || turn
      ? ` transform="translate(${cx} ${cy})${mirror ? " scale(-1 1)" : ""}${turn ? ` rotate(${turn})` : ""} translate(${-cx} ${-cy})"`
      : "";
  return `<image x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice"${transform} href="${picture.href}"/>`;
}

/** A blog post as its card shows it (/cards/posts/{id}-{version}.png). */
export interface CardPost {
  /** The title as it may be drawn, or null when the font cannot draw it (see `drawableTitle`). */
  title: string | null;
  /** The writer's name as it may be drawn, or null (see `drawableName`). */
  author: string | null;
  /** The first tag as it may be drawn, or null. */
  tag: string | null;
  /** The poster, cover-cropped into the panel on the right; null shows the games' icons instead. */
  poster: CardPicture | null;
  /** The games' icons (data: addresses) for a post without a poster, as on the blog's own card. */
  icons: string[];
}

/** Emoji and their joiners, which the shipped font lacks: left out of a title rather than drawn as boxes. */
const EMOJI =
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{FE0E}\u{FE0F}\u{20E3}\u{E0020}-\u{E007F}]/u;

/**
 * A post's title as the card can draw it: as `drawableName`, with emoji the font lacks left out. Null when another
 * character has no glyph (a title in Chinese, say): the card then shows a headline of its own, and the link preview's
 * title, drawn in the viewer's fonts, carries the real one.
 */
export function drawableTitle(title: string, font: FontMetrics): string | null {
  const kept = [...title]
    .filter((char) => font.has(char.codePointAt(0)!) || !EMOJI.test(char))
    .join("");
  return drawableName(kept, font);
}

/** Where a post's art goes, and how wide its text may be beside it. */
interface PostLayout {
  textWidth: number;
  panel: { x: number; y: number; width: number; height: number } | null;
}

/**
 * A portrait or squarish poster fills a tall panel; a landscape one (a 1200×630 picture, a photo taken sideways) a
 * wide panel as near its own shape as 16:9 allows, so that little of it is cropped away.
 */
function postLayout(poster: CardPicture | null): PostLayout {
  if (!poster) return { textWidth: 560, panel: null };
  const aspect = poster.width / poster.height;
  if (aspect < 1.2)
    return {
      textWidth: 560,
      panel: { x: 704, y: 92, width: 416, height: 446 },
    };
  const width = 500;
  const height = Math.round(width / Math.min(aspect, 16 / 9));
  return {
    textWidth: 500,
    panel: { x: 1120 - width, y: Math.round(315 - height / 2), width, height },
  };
}

/** The art on the right of a post's card: the poster cover-cropped into a tilted frame, or the games' icons. */
function postArt(post: CardPost, layout: PostLayout): string {
  if (!post.poster || !layout.panel)
    return post.icons
      .slice(0, 9)
      .map((source, i) => {
        const x = 720 + (i % 3) * 140;
        const y = 100 + Math.floor(i / 3) * 150;
        return `<image x="${x}" y="${y}" width="116" height="116" href="${source}" filter="url(#shadow)"/>`;
      })
      .join("\n");
  const { x, y, width, height } = layout.panel;
  const [radius, border] = [34, 12];
  const cx = x + width / 2;
  const cy = y + height / 2;
  // The surface under the picture shows should the renderer fail to decode it.
  return `<g transform="rotate(3 ${cx} ${cy})">
  <clipPath id="post-poster"><rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}"/></clipPath>
  <rect x="${x - border}" y="${y - border}" width="${width + 2 * border}" height="${height + 2 * border}" rx="${radius + border}" fill="${COLOURS.frame}" filter="url(#shadow)"/>
  <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="${COLOURS.surface}"/>
  <g clip-path="url(#post-poster)">${coverImage(post.poster, x, y, width, height)}</g>
</g>`;
}

/**
 * A blog post's card: "The blog" and its first tag, the title over up to three lines, who wrote it, and the poster (or
 * the games' icons, as on the blog's own card). Drawn on its first request by a CardPainter, like a score's card.
 */
export function postCardSvg(post: CardPost, font: FontMetrics): string {
  const layout = postLayout(post.poster);
  const width = layout.textWidth;
  const kicker = "THE BLOG";
  const kickerWidth = Math.ceil(font.width(kicker, 22) + 4 * kicker.length);
  const tag = post.tag
    ? fit(post.tag.toUpperCase(), font, width - kickerWidth - 24 - 40, [20], 3)
        .text
    : null;
  const title = titleLines(
    post.title ?? "A new post on the Playfeed blog",
    font,
    width,
    [76, 68, 62, 56, 50, 46, 42],
    3,
  );
  const lineHeight = Math.round(title.size * 1.12);
  const by = fit(
    `By ${post.author ?? "a Playfeed writer"}`,
    font,
    width,
    [30, 28, 26, 24],
  );
  // The title and the byline sit in the middle of the room between the kicker and the brand.
  const firstBaseline = title.size * 0.8;
  const byBaseline =
    firstBaseline + (title.lines.length - 1) * lineHeight + 30 + by.size * 0.9;
  const top = Math.round(Math.max(168, 330 - (byBaseline + 8) / 2));
  const lines = title.lines
    .map((line, i) =>
      text(
        80,
        top + firstBaseline + i * lineHeight,
        line,
        title.size,
        COLOURS.text,
        `letter-spacing="-1"`,
      ),
    )
    .join("\n");
  return frame(
    `${postArt(post, layout)}
${text(80, 124, kicker, 22, COLOURS.accentText, `letter-spacing="4"`)}
${tag ? pill(80 + kickerWidth + 24, 97, tag, font, COLOURS.magenta) : ""}
${lines}
${text(80, top + byBaseline, by.text, by.size, COLOURS.muted)}
${brand(80, 530, "Playfeed blog")}`,
    COLOURS.magenta,
  );
}
