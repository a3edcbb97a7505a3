import type { UploadPurpose, UploadUrl } from "#contract/uploads";
import { apiFetch } from "./api";

/** SPEC.md §7: ask for an upload address, PUT the file there, and get back the media path to store. */
export async function uploadPicture(
  file: File,
  purpose: UploadPurpose,
): Promise<string> {
  const { url, path } = await apiFetch<UploadUrl>("/api/media/upload-url", {
    method: "POST",
    json: { mediaUploadType: purpose, fileName: file.name },
  });
  const stored = await apiFetch<{ path?: string } | null>(url, {
    method: "PUT",
    body: file,
    headers: { "Content-Type": file.type },
  });
  return stored?.path ?? path;
}
