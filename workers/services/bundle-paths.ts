import { BUNDLE_FILE_TYPES, BUNDLE_LIMITS } from "#contract/developers";

/**
 * The names inside a developer's archive, checked the same way when it is stored and when a file of it is asked for
 * on the games origin. Each check runs on a string already bounded to BUNDLE_LIMITS.pathLength.
 */

/** Precompressed builds (Unity's, Godot's): served as the file inside, with the encoding the browser undoes. */
const ENCODINGS: Readonly<Record<string, string>> = { br: "br", gz: "gzip" };

const hasControlCharacter = (path: string) =>
  [...path].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
const DRIVE_LETTER = /^[A-Za-z]:/;

/** Why a file's path inside the archive is refused, or null when it may be stored and served. */
export function pathProblem(path: string): string | null {
  if (path.length > BUNDLE_LIMITS.pathLength)
    return `is longer than ${BUNDLE_LIMITS.pathLength} characters`;
  if (hasControlCharacter(path)) return "has a control character in it";
  if (path.includes("\\"))
    return "has a backslash in it (use / between folders)";
  if (path.startsWith("/")) return "is an absolute path (it starts with /)";
  if (DRIVE_LETTER.test(path)) return "names a drive (like C:)";
  const segments = path.split("/");
  if (segments.some((segment) => segment === ".."))
    return "climbs out of its folder with ..";
  if (segments.some((segment) => segment === "" || segment === "."))
    return "has an empty or . folder in it";
  return null;
}

/** Defold splits its archive into numbered parts: game.arcd0, game.arcd1, … */
const NUMBERED_PARTS = new Set([
  "arcd",
  "arci",
  "dmanifest",
  "projectc",
  "der",
]);
function numberedPartType(extension: string) {
  const base = extension.replace(/\d{1,4}$/, "");
  return NUMBERED_PARTS.has(base) ? BUNDLE_FILE_TYPES[base] : undefined;
}

/** How a stored file is served: its type, and the encoding of a precompressed one; null for a type games do not use. */
export function servedAs(
  path: string,
): { type: string; encoding: string | null } | null {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const parts = name.split(".");
  if (parts.length < 2) return null;
  const last = parts[parts.length - 1];
  const encoding = ENCODINGS[last];
  if (encoding) {
    if (parts.length < 3) return null;
    const type = BUNDLE_FILE_TYPES[parts[parts.length - 2]];
    return type ? { type, encoding } : null;
  }
  const type = BUNDLE_FILE_TYPES[last] ?? numberedPartType(last);
  return type ? { type, encoding: null } : null;
}

/** Other hosts' settings files, which mean nothing here: the games origin sets every header itself. */
const HOST_SETTINGS = new Set([
  ".htaccess",
  "_headers",
  "_redirects",
  "web.config",
]);

/** Files an archiver or another host adds (macOS Finder's resource forks, folder caches, .htaccess): left out, not refused. */
export function isArchiverLitter(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return (
    path.startsWith("__MACOSX/") ||
    name === ".DS_Store" ||
    name === "Thumbs.db" ||
    name === "desktop.ini" ||
    HOST_SETTINGS.has(name)
  );
}
