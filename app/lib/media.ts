/**
 * SPEC.md §2 picture resolution: a data-image value or an absolute http(s) address is used as it is;
 * any other stored value is a media key and gets the media base in front. Root-relative paths
 * ("/games/...") are already addresses of our own origin and stay as they are.
 */
export function resolveMediaUrl(
  value: string | null | undefined,
  mediaBase = "/media/",
): string | null {
  if (!value) return null;
  if (
    value.startsWith("data:image") ||
    /^https?:\/\//i.test(value) ||
    value.startsWith("/")
  )
    return value;
  const base = mediaBase.endsWith("/") ? mediaBase : `${mediaBase}/`;
  return base + value.replace(/^\/+/, "");
}

/** The letter an avatar shows when there is no picture. */
export function avatarInitial(
  firstName: string | null | undefined,
  name?: string | null,
): string {
  const source = (firstName || name || "").trim();
  return source ? source[0].toUpperCase() : "?";
}
