import { ICON_SIZE, PROMO_LIMIT_BYTES } from "#contract/developers";
import { PICTURE_MAX_BYTES, sniffImage } from "#contract/uploads";
import { ApiError } from "./errors";

/**
 * Issue #33: the pictures and clips a developer sends with a publisher or a game. Each is read whole (they are small),
 * known by its first bytes, never by its name, and its dimensions are read from its own header, so a 4000×4000 picture
 * renamed cannot become a 256×256 icon.
 */

export interface MediaFile {
  bytes: Uint8Array;
  extension: string;
  contentType: string;
}

const refused = (field: string, message: string) =>
  new ApiError(400, "bad_request", message, { [field]: message });

const PICTURE_KINDS = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
} as const;

/** A picture's width and height from its PNG IHDR, JPEG SOF or WebP VP8/VP8L/VP8X header; null when there is none. */
export function imageSize(
  bytes: Uint8Array,
): { width: number; height: number } | null {
  const kind = sniffImage(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const has = (length: number) => bytes.byteLength >= length;
  if (kind === "png" && has(24))
    return { width: view.getUint32(16), height: view.getUint32(20) };
  if (kind === "webp" && has(30)) return webpSize(bytes, view);
  if (kind === "jpeg") return jpegSize(bytes, view);
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView) {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8 ")
    return {
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    const three = (at: number) =>
      bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    return { width: three(24) + 1, height: three(27) + 1 };
  }
  return null;
}

/** Walks the JPEG's markers to the first start-of-frame; each step moves forward, so this is linear in the file. */
function jpegSize(bytes: Uint8Array, view: DataView) {
  let at = 2;
  while (at + 9 < bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    const isFrame =
      marker >= 0xc0 &&
      marker <= 0xcf &&
      marker !== 0xc4 &&
      marker !== 0xc8 &&
      marker !== 0xcc;
    if (isFrame)
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/** A clip's kind from its first bytes: WebM's EBML header or an MP4's `ftyp` box. */
export function sniffVideo(bytes: Uint8Array): "webm" | "mp4" | null {
  if (
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3
  )
    return "webm";
  if (String.fromCharCode(...bytes.subarray(4, 8)) === "ftyp") return "mp4";
  return null;
}

/** The file a form field carries, or null when none was chosen. */
export function chosenFile(form: FormData, field: string): File | null {
  const value = form.get(field);
  return value instanceof File && value.size > 0 ? value : null;
}

export type PictureShape = "square" | "wide" | "icon";

const SHAPE_MESSAGES: Record<PictureShape, string> = {
  square: "Please choose a square picture",
  wide: "Please choose a wide picture (wider than it is tall)",
  icon: `Please choose an icon of exactly ${ICON_SIZE}×${ICON_SIZE} pixels`,
};

const fitsShape = (shape: PictureShape, width: number, height: number) =>
  shape === "icon"
    ? width === ICON_SIZE && height === ICON_SIZE
    : shape === "square"
      ? width === height && width > 0
      : width > height && height > 0;

/** A PNG, JPEG or WebP picture of at most 2 MB whose header says it has `shape`. */
export async function checkedPicture(
  file: File,
  field: string,
  shape: PictureShape,
): Promise<MediaFile> {
  if (file.size > PICTURE_MAX_BYTES)
    throw refused(field, "Please choose a picture of 2 MB or less");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (kind !== "png" && kind !== "jpeg" && kind !== "webp")
    throw refused(field, "Please choose a PNG, JPEG or WebP picture");
  const size = imageSize(bytes);
  if (!size) throw refused(field, "This picture's size cannot be read");
  if (!fitsShape(shape, size.width, size.height))
    throw refused(field, SHAPE_MESSAGES[shape]);
  return {
    bytes,
    extension: kind === "jpeg" ? "jpg" : kind,
    contentType: PICTURE_KINDS[kind],
  };
}

/** A promo clip: WebM or MP4 by its first bytes, at most 8 MB. */
export async function checkedClip(
  file: File,
  field: string,
): Promise<MediaFile> {
  if (file.size > PROMO_LIMIT_BYTES)
    throw refused(field, "Please choose a clip of 8 MB or less");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffVideo(bytes);
  if (!kind) throw refused(field, "Please choose a WebM or MP4 clip");
  return { bytes, extension: kind, contentType: `video/${kind}` };
}

/** Stores a checked file under `folder` with a fresh name (stored media never changes) and gives its media path. */
export async function storeMedia(
  bucket: R2Bucket,
  folder: string,
  name: string,
  file: MediaFile,
): Promise<string> {
  const key = `${folder}/${name}-${crypto.randomUUID()}.${file.extension}`;
  await bucket.put(key, file.bytes, {
    httpMetadata: { contentType: file.contentType },
  });
  return key;
}
