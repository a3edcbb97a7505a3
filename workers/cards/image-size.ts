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
