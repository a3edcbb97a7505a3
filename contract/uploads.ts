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
