import type { CSSProperties } from "react";
import {
  PICTURE_WIDTHS,
  pictureVariantKey,
  type PictureWidth,
} from "#contract/pictures";
import { useMediaBase } from "./root-data";

// The kinds the Worker (and scripts/picture-variants.ts for our own files) keeps WebP variants of; a GIF may move.
const RESIZED = /\.(?:jpg|png|webp)$/;

/**
 * The `srcset` of a picture our media storage keeps variants of (ADR 048): every width, each named after the original.
 * Nothing for a data: picture, another site's address or a kind without variants: those are shown as they are.
 */
export function pictureSrcSet(
  src: string,
  mediaBase = "/media/",
): string | undefined {
  if (!hasVariants(src, mediaBase)) return undefined;
  return PICTURE_WIDTHS.map(
    (width) => `${pictureVariantKey(src, width)} ${width}w`,
  ).join(", ");
}

const hasVariants = (src: string, mediaBase: string) =>
  (src.startsWith(mediaBase) || src.startsWith("/media/")) && RESIZED.test(src);

export interface PictureProps {
  /** The picture's address (resolveMediaUrl's answer). */
  src: string;
  alt: string;
  /**
   * The box's shape in CSS pixels, so the page does not move when the picture arrives. Left out only where it is not
   * known (a post's pictures keep no dimensions) and the stylesheet sizes the box.
   */
  width?: number;
  height?: number;
  /**
   * How wide the picture is drawn, as the `sizes` attribute: the browser picks the variant nearest that width times
   * the screen's pixel ratio. Without it the original is sent.
   */
  sizes?: string;
  /**
   * For a small picture of fixed size (an avatar): this one variant as its address, no srcset. Its width is then
   * the picture's own when that is smaller, where srcset's width would claim the variant's.
   */
  variant?: PictureWidth;
  /** The page's largest picture in the first screenful: fetched first, never lazily. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** An `<img>` at the size the screen needs: variants by `srcset`/`sizes`, a fixed box, lazy unless it leads the page. */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  variant,
  priority = false,
  className,
  style,
}: PictureProps) {
  const mediaBase = useMediaBase();
  const srcSet = sizes ? pictureSrcSet(src, mediaBase) : undefined;
  const address =
    variant && hasVariants(src, mediaBase)
      ? pictureVariantKey(src, variant)
      : src;
  return (
    <img
      className={className}
      style={style}
      src={address}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      // React 18 does not know fetchPriority; the attribute is passed as it is.
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}
