// jSquash's codecs in Node, for the scripts that make or measure pictures outside the Worker: the same WebAssembly
// and settings as workers/services/media-variants.ts, loaded from node_modules.
import { readFileSync } from "node:fs";
import path from "node:path";
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import resize, { initResize } from "@jsquash/resize";
import encodeWebp, { init as initWebpEncode } from "@jsquash/webp/encode";
import { variantWidths } from "../contract/pictures";

const root = path.resolve(import.meta.dirname, "..");
const wasm = (file: string) =>
  WebAssembly.compile(readFileSync(path.join(root, "node_modules", file)));

// Node has no ImageData; the codecs only construct it and read its fields.
Object.assign(globalThis, {
  ImageData: class {
    constructor(
      readonly data: Uint8ClampedArray,
      readonly width: number,
      readonly height: number,
    ) {}
  },
});

// The Emscripten codecs take the compiled module first; their typings only name the options that may follow.
await Promise.all([
  initJpegDecode(
    (await wasm("@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm")) as never,
  ),
  initJpegEncode(
    (await wasm("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm")) as never,
  ),
  initWebpEncode(
    (await wasm("@jsquash/webp/codec/enc/webp_enc_simd.wasm")) as never,
  ),
  initResize(
    await wasm("@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm"),
  ),
]);

export { encodeJpeg };

/** A JPEG's WebP variants by rung, made as the Worker makes an upload's: largest first, each from the one before. */
export async function jpegVariants(
  jpeg: Uint8Array,
): Promise<Map<number, Uint8Array>> {
  let image = await decodeJpeg(jpeg.slice().buffer);
  const made = new Map<number, Uint8Array>();
  for (const [rung, width] of variantWidths(image.width).reverse()) {
    const height = Math.max(
      1,
      Math.round((image.height * width) / image.width),
    );
    if (width !== image.width)
      image = await resize(image, { width, height, method: "lanczos3" });
    made.set(rung, new Uint8Array(await encodeWebp(image, { quality: 75 })));
  }
  return made;
}
