/**
 * Issue #36: the widths an uploaded or seeded picture is also kept at, as WebP beside the original (ADR 048). Imports
 * nothing, so a page that shows pictures pulls in no validation code.
 */
export const PICTURE_WIDTHS = [320, 640, 960, 1280] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The key (or address) of a picture's variant: `blog/7/id.jpg` → `blog/7/id.jpg.w640.webp`. */
export const pictureVariantKey = (key: string, width: PictureWidth) =>
  `${key}.w${width}.webp`;

/**
 * The widths a picture `width` pixels wide is kept at, as [rung, actual width]: every rung narrower than it, and the
 * first rung at or past it at the picture's own width (re-encoded, never enlarged). Rungs past that are not stored;
 * `/media/` answers them with the original.
 */
export function variantWidths(width: number): [PictureWidth, number][] {
  const rungs: [PictureWidth, number][] = [];
  for (const rung of PICTURE_WIDTHS) {
    rungs.push([rung, Math.min(rung, width)]);
    if (rung >= width) break;
  }
  return rungs;
}
