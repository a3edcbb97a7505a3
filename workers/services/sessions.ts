import { and, eq, gt, isNull, like, lt, ne, or } from "drizzle-orm";
import { LAST_SEEN_EVERY_MS, USER_AGENT_MAX } from "#contract/settings";
import type { Db } from "../db/client";
import { sessions, users, type UserRow } from "../db/schema";
import { hashToken, randomToken } from "./tokens";

const SESSION_COOKIE = "pf_session";
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

/** The bearer token of a request: the Authorization header for API clients, else the page cookie. */
export function tokenFromRequest(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer "))
    return header.slice("Bearer ".length).trim() || null;
  const cookie = request.headers.get("Cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE)
      return decodeURIComponent(rest.join("=")) || null;
  }
  return null;
}

/** httpOnly so page scripts never read it, Lax so it is not sent on cross-site posts, Secure over https. */
function sessionCookie(token: string | null, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = token ? encodeURIComponent(token) : "";
  const maxAge = token ? SESSION_MS / 1000 : 0;
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** What names a session to the sockets opened with it: part of the token's digest, never the token itself. */
export async function sessionKeyOf(token: string): Promise<string> {
  return sessionKeyOfHash(await hashToken(token));
}

const sessionKeyOfHash = (tokenHash: string) => tokenHash.slice(0, 32);

/** The device a session was started from, as far as the request tells it: Cloudflare's country, the User-Agent. */
function deviceOf(request: Request) {
  const cf = (request as { cf?: { country?: unknown } }).cf;
  const country = typeof cf?.country === "string" ? cf.country : null;
  return {
    userAgent: request.headers.get("User-Agent")?.slice(0, USER_AGENT_MAX),
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
  };
}

/** Told when a session ends, so whatever holds that session's sockets can close them. */
export type SessionEnded = (
  userId: number,
  sessionKey: string,
) => Promise<void>;

/** One per request (see workers/context.ts), so its memo never outlives the request. */
export function createSessionService(
  db: Db,
  onEnded: SessionEnded = async () => {},
) {
  const lookups = new Map<string, Promise<UserRow | null>>();

  async function findUser(token: string): Promise<UserRow | null> {
    const tokenHash = await hashToken(token);
    const [row] = await db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (row) await noteSeen(tokenHash, row.lastSeenAt);
    return row?.user ?? null;
  }

  /**
   * The devices list's "last seen": one conditional write when the stored time is over 10 minutes old, so a session
   * costs at most one small write per 10 minutes and no request in between pays more than the read it already made.
   */
  async function noteSeen(tokenHash: string, lastSeenAt: Date | null) {
    const now = Date.now();
    if (lastSeenAt && now - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
    const staleBefore = new Date(now - LAST_SEEN_EVERY_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, staleBefore)),
        ),
      );
  }

  return {
    /** The Set-Cookie value carrying `token` (or clearing the cookie when it is null). */
    cookie: sessionCookie,
    tokenFrom: tokenFromRequest,

    /** `request`, when given, names the device for the signed-in devices list: its browser and country. */
    async create(userId: number, request?: Request): Promise<string> {
      const token = randomToken();
      await db.insert(sessions).values({
        tokenHash: await hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + SESSION_MS),
        ...(request ? deviceOf(request) : {}),
      });
      return token;
    },

    /** The user's live sessions, most recently used first, each named by its key, never its token. */
    async list(userId: number) {
      const rows = await db
        .select({
          tokenHash: sessions.tokenHash,
          userAgent: sessions.userAgent,
          country: sessions.country,
          lastSeenAt: sessions.lastSeenAt,
          createdAt: sessions.createdAt,
        })
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())),
        );
      return rows
        .map(({ tokenHash, ...row }) => ({
          ...row,
          key: sessionKeyOfHash(tokenHash),
          lastSeenAt: row.lastSeenAt ?? row.createdAt,
        }))
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
    },

    /** Signs out the user's one session named `key` (never `keep`, the caller's own); false when none was. */
    async revokeByKey(
      userId: number,
      key: string,
      keep: string,
    ): Promise<boolean> {
      const kept = await hashToken(keep);
      if (sessionKeyOfHash(kept) === key) return false;
      const ended = await db
        .delete(sessions)
        .where(
          and(eq(sessions.userId, userId), like(sessions.tokenHash, `${key}%`)),
        )
        .returning({ tokenHash: sessions.tokenHash });
      for (const { tokenHash } of ended)
        await onEnded(userId, sessionKeyOfHash(tokenHash));
      return ended.length > 0;
    },

    /**
     * Memoised per token: the root loader and a page's loader share one lookup per request. A write to
     * the user in the same request calls `forget`, so the loaders after the action read the new row.
     */
    userForToken(token: string | null): Promise<UserRow | null> {
      if (!token) return Promise.resolve(null);
      let lookup = lookups.get(token);
      if (!lookup) {
        lookup = findUser(token);
        lookups.set(token, lookup);
      }
      return lookup;
    },

    /** The user's row changed in this request (a form action saved the profile): the next lookup reads it again. */
    forget(): void {
      lookups.clear();
    },

    async userForRequest(request: Request): Promise<UserRow | null> {
      return this.userForToken(tokenFromRequest(request));
    },

    /** Log-out: the token stops working everywhere, not just in this browser, and its open sockets close. */
    async revoke(token: string | null): Promise<void> {
      if (!token) return;
      lookups.delete(token);
      const tokenHash = await hashToken(token);
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, tokenHash))
        .returning({ userId: sessions.userId });
      for (const { userId } of ended)
        await onEnded(userId, sessionKeyOfHash(tokenHash));
    },

    /**
     * Every session of `userId` ends (a password reset or change, a suspension, a deleted account) and their sockets
     * close, except the caller's own `keep` token when given (the browser that changed the password stays signed in).
     */
    async revokeAll(
      userId: number,
      keep: string | null = null,
    ): Promise<number> {
      lookups.clear();
      const kept = keep ? await hashToken(keep) : null;
      const ended = await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            kept ? ne(sessions.tokenHash, kept) : undefined,
          ),
        )
        .returning({ tokenHash: sessions.tokenHash });
      for (const { tokenHash } of ended)
        await onEnded(userId, sessionKeyOfHash(tokenHash));
      return ended.length;
    },

    /** POST /api/session: remembers the socket the client last reported for this session. */
    async recordSocket(
      token: string,
      userId: number,
      socket: string | null,
    ): Promise<boolean> {
      const updated = await db
        .update(sessions)
        .set({ socket })
        .where(
          and(
            eq(sessions.tokenHash, await hashToken(token)),
            eq(sessions.userId, userId),
          ),
        )
        .returning({ userId: sessions.userId });
      return updated.length > 0;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
