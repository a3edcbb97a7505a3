import { concat } from "../../workers/services/web-push";

/** CRC-32 of PNG chunks (the polynomial of ISO 3309). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(
  type: string,
  data: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  const body = concat(new TextEncoder().encode(type), data);
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(body, 4);
  view.setUint32(8 + data.length, crc32(body));
  return out;
}

const SIGNATURE = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
]);

function header(width: number, height: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return chunk("IHDR", data);
}

/**
 * A real PNG of `width`×`height`, built in the Worker (zlib through CompressionStream): bands of colour from top to
 * bottom, so a picture of any shape is easy to tell apart on a card.
 */
export async function bandedPng(
  width: number,
  height: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const colours = [
    [14, 165, 233],
    [253, 224, 71],
    [249, 115, 22],
  ];
  const rows = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const [red, green, blue] =
      colours[Math.floor((y * colours.length) / height)];
    const at = y * (width * 3 + 1);
    for (let x = 0; x < width; x++)
      rows.set([red, green, blue], at + 1 + x * 3);
  }
  const deflated = new Uint8Array(
    await new Response(
      new Blob([rows]).stream().pipeThrough(new CompressionStream("deflate")),
    ).arrayBuffer(),
  );
  return concat(
    SIGNATURE,
    header(width, height),
    chunk("IDAT", deflated),
    chunk("IEND", new Uint8Array(0)),
  );
}

/** A PNG whose header claims `width`×`height` and whose pixels are not there: a picture no renderer can decode. */
export function brokenPng(
  width: number,
  height: number,
): Uint8Array<ArrayBuffer> {
  return concat(
    SIGNATURE,
    header(width, height),
    chunk("IDAT", new Uint8Array([1, 2, 3, 4])),
    chunk("IEND", new Uint8Array(0)),
  );
}
