import { pictureVariantKey, variantWidths } from "#contract/pictures";
import type { ImageKind } from "#contract/uploads";

/**
 * A decoded picture takes 4 bytes a pixel, and the decoder, the resizer and the encoder each hold a copy in their own
 * memory: 8 megapixels is about 100 MB of an isolate's 128 MB. Larger pictures are kept as sent, without variants.
 */
const VARIANT_MAX_PIXELS = 8_000_000;

export interface PictureVariant {
  key: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

// workerd has no ImageData; the codecs only construct it and read its three fields.
class PlainImageData {
  readonly colorSpace = "srgb";
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
if (!("ImageData" in globalThis))
  Object.assign(globalThis, { ImageData: PlainImageData });

// Some packages type their .wasm as its exports; under wrangler every .wasm import is a compiled module.
const compiled = (wasm: unknown) =>
  (wasm as { default: WebAssembly.Module }).default;

type Codecs = Awaited<ReturnType<typeof loadCodecs>>;

/**
 * The codecs and their WebAssembly (compiled modules, by wrangler's default rule), imported on first use, so that what
 * only wires services (vite.config's dev proxy loads workers/context.ts in Node) never loads a .wasm file.
 */
async function loadCodecs() {
  const [
    jpeg,
    jpegWasm,
    png,
    pngWasm,
    webpIn,
    webpInWasm,
    webpOut,
    webpOutWasm,
    resizer,
    resizeWasm,
  ] = await Promise.all([
    import("@jsquash/jpeg/decode"),
    import("@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm"),
    import("@jsquash/png/decode"),
    import("@jsquash/png/codec/pkg/squoosh_png_bg.wasm"),
    import("@jsquash/webp/decode"),
    import("@jsquash/webp/codec/dec/webp_dec.wasm"),
    import("@jsquash/webp/encode"),
    import("@jsquash/webp/codec/enc/webp_enc_simd.wasm"),
    import("@jsquash/resize"),
    import("@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm"),
  ]);
  // The Emscripten codecs take the compiled module first; their typings only name the options that may follow.
  await Promise.all([
    jpeg.init(compiled(jpegWasm) as never),
    png.init(compiled(pngWasm)),
    webpIn.init(compiled(webpInWasm) as never),
    webpOut.init(compiled(webpOutWasm) as never),
    resizer.initResize(compiled(resizeWasm)),
  ]);
  return {
    decoders: {
      jpeg: (buffer: ArrayBuffer) => jpeg.default(buffer),
      png: (buffer: ArrayBuffer) => png.default(buffer),
      webp: (buffer: ArrayBuffer) => webpIn.default(buffer),
    },
    resize: resizer.default,
    encodeWebp: webpOut.default,
  };
}

let ready: Promise<Codecs> | null = null;
function codecsReady() {
  ready ??= loadCodecs().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** A picture's pixels; throws when the bytes after a sound header are not a picture. */
export async function decodePicture(
  kind: "jpeg" | "png" | "webp",
  bytes: Uint8Array,
): Promise<ImageData> {
  const { decoders } = await codecsReady();
  return decoders[kind](bytes.slice().buffer);
}

/**
 * The WebP variants of a picture (ADR 048), largest first, each resized from the one before it. Empty when the
 * picture cannot be resized here: a GIF (it may move), more than `VARIANT_MAX_PIXELS` (known from its header, never
 * decoded), or pixels the codecs refuse.
 * Then the original is all there is, and it is what every variant's address serves.
 */
export async function pictureVariants(
  key: string,
  kind: ImageKind,
  bytes: Uint8Array,
  size: { width: number; height: number } | null,
): Promise<PictureVariant[]> {
  if (kind === "gif" || !size || size.width * size.height > VARIANT_MAX_PIXELS)
    return [];
  try {
    let image = await decodePicture(kind, bytes);
    const { resize, encodeWebp } = await codecsReady();
    const variants: PictureVariant[] = [];
    for (const [rung, width] of variantWidths(image.width).reverse()) {
      const height = Math.max(
        1,
        Math.round((image.height * width) / image.width),
      );
      if (width !== image.width)
        image = await resize(image, { width, height, method: "lanczos3" });
      const webp = await encodeWebp(image, { quality: 75 });
      variants.push({
        key: pictureVariantKey(key, rung),
        width,
        height,
        bytes: new Uint8Array(webp),
      });
    }
    return variants;
  } catch {
    // A codec that fails (pixels behind a sound header, a trap) leaves the upload as it was sent.
    return [];
  }
}
