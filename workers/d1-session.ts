/**
 * D1 read replication (D1's Sessions API): each request talks to the database through one session, so its reads may
 * come from a replica near the player while its own reads stay in order. A write's answer carries the session's
 * bookmark in a cookie; the next request starts from that bookmark, so a player always sees their own writes even
 * when a replica is a little behind. Reads with no bookmark take any copy ("first-unconstrained"); a write with none
 * starts at the primary, so the checks before it (a balance, a rate limit) read the latest rows.
 */
export const BOOKMARK_COOKIE = "pf_db";
/** Long enough for every replica to catch up; after that any copy is as new as the player's last write. */
const BOOKMARK_MAX_AGE_S = 10 * 60;
/** D1's bookmarks are hex groups joined by dashes; anything else is ignored, never passed to D1. */
const BOOKMARK = /^[0-9a-f-]{1,200}$/;

const writes = (method: string) => method !== "GET" && method !== "HEAD";

export function sessionFor(
  db: D1Database,
  method: string,
  bookmark: string | undefined,
): D1DatabaseSession {
  const valid =
    bookmark !== undefined && bookmark.length <= 200 && BOOKMARK.test(bookmark)
      ? bookmark
      : undefined;
  return db.withSession(
    valid ?? (writes(method) ? "first-primary" : "first-unconstrained"),
  );
}

/** The bookmark a request came with (its `pf_db` cookie), unchecked: sessionFor checks it. */
export function bookmarkFrom(request: Request): string | undefined {
  const cookie = request.headers.get("Cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === BOOKMARK_COOKIE) return value;
  }
  return undefined;
}

/**
 * After a write, the cookie that hands the browser the session's bookmark; null when there is nothing new to hand.
 * Reads never set it: a page an anonymous visitor reads stays free of Set-Cookie, which the edge page cache requires
 * (workers/page-cache.ts).
 */
export function bookmarkCookie(
  request: Request,
  session: D1DatabaseSession,
  came: string | undefined,
): string | null {
  if (!writes(request.method)) return null;
  const bookmark = session.getBookmark();
  if (!bookmark || bookmark === came || !BOOKMARK.test(bookmark)) return null;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}
