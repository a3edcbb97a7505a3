import { badRequest, notFound } from "./services/errors";
import { BUNDLES_FOLDER } from "./services/game-bundles";

// A variant's key names its original: `blog/7/id.jpg.w640.webp` (contract/pictures.ts).
const VARIANT_KEY = /^(.+\.(?:jpg|png|webp|gif))\.w(?:320|640|960|1280)\.webp$/;

// Keys are written by the server (uploads come later); still, nothing outside this shape is looked up.
const MEDIA_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** Serves an R2 object as inert, long-cached content: uploads are never executed in our origin. */
export async function serveMedia(
  request: Request,
  bucket: R2Bucket,
  key: string,
): Promise<Response> {
  if (
    key.length > 512 ||
    !MEDIA_KEY.test(key) ||
    key.split("/").some((part) => part === "." || part === "..")
  ) {
    throw badRequest("Invalid media path");
  }
  // Developers' game files are served only from the games origin (ADR 039), never from the app's.
  if (key.startsWith(BUNDLES_FOLDER)) throw notFound("Media not found");
  let object = await bucket.get(key, { onlyIf: request.headers });
  // A picture kept without this variant (sent before variants existed, too small, too large, a GIF) is shown as sent.
  const original = object ? null : VARIANT_KEY.exec(key)?.[1];
  if (original)
    object = await bucket.get(original, { onlyIf: request.headers });
  if (!object) throw notFound("Media not found");

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  // The original standing in for a variant is kept only a day, so a variant made later is seen.
  headers.set(
    "Cache-Control",
    original ? "public, max-age=86400" : "public, max-age=31536000, immutable",
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  );
  if (!headers.has("Content-Type"))
    headers.set("Content-Type", "application/octet-stream");

  if (!("body" in object) || !object.body)
    return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, {
    headers,
  });
}
