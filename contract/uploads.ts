import { z } from "zod";
import { boundedString } from "./input";

/** What picture inputs take; the server checks the same types (by their first bytes) and size. */
export const PICTURE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
] as const;
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** Why this file cannot be uploaded, checked before asking for an address; null when it can. */
export function pictureProblem(file: {
  type: string;
  size: number;
}): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type))
    return "Please choose a PNG, JPEG, WebP or GIF picture";
  if (file.size > PICTURE_MAX_BYTES)
    return "Please choose a picture of 2 MB or less";
  return null;
}

export type ImageKind = "png" | "jpeg" | "webp" | "gif";

/**
 * The image kind from a file's first bytes (12 are enough); the name and the declared type are not trusted. The
 * server checks every upload with it, and the pickers check a chosen file with it before anything is sent.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const startsWith = (signature: number[], offset = 0) =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return "png";
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(ascii("GIF87a")) || startsWith(ascii("GIF89a"))) return "gif";
  if (startsWith(ascii("RIFF")) && startsWith(ascii("WEBP"), 8)) return "webp";
  return null;
}

/**
 * `pictureProblem`, then the file's first bytes: a text file renamed .png is refused when it is chosen, not only when
 * the form is saved.
 */
export async function chosenPictureProblem(file: Blob): Promise<string | null> {
  const problem = pictureProblem(file);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return sniffImage(head) ? null : NOT_A_PICTURE;
}

/** The chosen file's content is not one of the picture kinds, whatever its name says. */
export const NOT_A_PICTURE =
  "This file is not a picture. Please choose a PNG, JPEG, WebP or GIF picture";

/** The purposes of POST /api/media/upload-url: where the server keeps the file and who may send it. */
export const UPLOAD_PURPOSES = ["profile-image", "blog-image"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** POST /api/media/upload-url. */
export const UploadUrlSchema = z.object({
  mediaUploadType: z.enum(UPLOAD_PURPOSES, {
    error: "mediaUploadType must be 'profile-image' or 'blog-image'",
  }),
  fileName: boundedString(
    200,
    "The file name is too long",
    "Please choose a file",
  )
    .trim()
    .min(1, "Please choose a file"),
});

/** What POST /api/media/upload-url answers: a one-time address to PUT the file to, and the media path it lands at. */
export interface UploadUrl {
  url: string;
  path: string;
}
