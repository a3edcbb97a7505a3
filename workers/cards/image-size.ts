import { type ImageKind, sniffImage } from "#contract/uploads";

export interface ImageSize {
  kind: ImageKind;
  width: number;
  height: number;
}

/**
 * A picture's size from its first bytes (PNG's IHDR, JPEG's frame header, GIF's screen, WebP's VP8 headers), or null
 * when they do not say. Link previews are told a picture's size only when it is read from the picture itself.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const kind = sniffImage(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (end: number) => end <= bytes.length;
  switch (kind) {
    case "png":
      return fits(24)
        ? { kind, width: view.getUint32(16), height: view.getUint32(20) }
        : null;
    case "gif":
      return fits(10)
        ? {
            kind,
            width: view.getUint16(6, true),
            height: view.getUint16(8, true),
          }
        : null;
    case "jpeg": {
      // Walk the segments to the first start-of-frame marker (SOF0–SOF15 except DHT, JPG and DAC).
      let at = 2;
      while (fits(at + 9)) {
        if (bytes[at] !== 0xff) return null;
        const marker = bytes[at + 1];
        if (marker === 0xff) {
          at++;
          continue;
        }
        const length = view.getUint16(at + 2);
        if (
          marker >= 0xc0 &&
          marker <= 0xcf &&
          marker !== 0xc4 &&
          marker !== 0xc8 &&
          marker !== 0xcc
        )
          return {
            kind,
            width: view.getUint16(at + 7),
            height: view.getUint16(at + 5),
          };
        at += 2 + length;
      }
      return null;
    }
    case "webp": {
      if (!fits(30)) return null;
      const chunk = String.fromCharCode(...bytes.subarray(12, 16));
      if (chunk === "VP8X")
        return {
          kind,
          width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)),
          height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)),
        };
      if (chunk === "VP8L") {
        const bits = view.getUint32(21, true);
        return {
          kind,
          width: (bits & 0x3fff) + 1,
          height: ((bits >> 14) & 0x3fff) + 1,
        };
      }
      if (chunk === "VP8 ")
        return {
          kind,
          width: view.getUint16(26, true) & 0x3fff,
          height: view.getUint16(28, true) & 0x3fff,
        };
      return null;
    }
    default:
      return null;
  }
}

/**
 * A JPEG's EXIF orientation (1–8; 1 when it says none): how a camera's stored pixels are turned to be seen upright.
 * Browsers apply it and the card renderer does not, so a card turns the picture itself. 5–8 swap width and height.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  if (sniffImage(bytes) !== "jpeg") return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    // The pixels start at SOS (or a frame header): any EXIF came before.
    if (marker === 0xda || (marker >= 0xc0 && marker <= 0xcf)) return 1;
    const length = view.getUint16(at + 2);
    const exif = at + 4;
    if (
      marker === 0xe1 &&
      exif + 14 <= bytes.length &&
      String.fromCharCode(...bytes.subarray(exif, exif + 6)) === "Exif\0\0"
    )
      return exifOrientation(
        view,
        exif + 6,
        Math.min(at + 2 + length, bytes.length),
      );
    at += 2 + length;
  }
  return 1;
}

/** Orientation (tag 0x0112) from the first IFD of the TIFF structure at `tiff`, read no further than `end`. */
function exifOrientation(view: DataView, tiff: number, end: number): number {
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  if (tiff + 8 > end) return 1;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}
