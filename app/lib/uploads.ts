import { apiFetch } from "./api";

/** What picture inputs take; the server checks the same types (by their first bytes) and size. */
export const PICTURE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
] as const;
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** The purposes of POST /api/media/upload-url: where the server keeps the file and who may send it. */
export type UploadPurpose = "profile-image" | "blog-image";

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

/** SPEC.md §7: ask for an upload address, PUT the file there, and get back the media path to store. */
export async function uploadPicture(
  file: File,
  purpose: UploadPurpose,
): Promise<string> {
  const { url, path } = await apiFetch<{ url: string; path: string }>(
    "/api/media/upload-url",
    {
      method: "POST",
      json: { mediaUploadType: purpose, fileName: file.name },
    },
  );
  const stored = await apiFetch<{ path?: string } | null>(url, {
    method: "PUT",
    body: file,
    headers: { "Content-Type": file.type },
  });
  return stored?.path ?? path;
}
