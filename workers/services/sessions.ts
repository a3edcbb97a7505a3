import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users, type UserRow } from "../db/schema";

export const SESSION_COOKIE = "pf_session";
const SESSION_DAYS = 30;

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

/** The bearer token of a request: the Authorization header for API clients, else the page cookie. */
export function tokenFromRequest(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length).trim() || null;
  const cookie = request.headers.get("Cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("=")) || null;
  }
  return null;
}

export function createSessionService(db: Db) {
  return {
    async create(userId: number): Promise<string> {
      const bytes = crypto.getRandomValues(new Uint8Array(32));
      const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      await db.insert(sessions).values({
        tokenHash: await hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000),
      });
      return token;
    },

    async userForToken(token: string | null): Promise<UserRow | null> {
      if (!token) return null;
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(sessions.userId, users.id))
        .where(and(eq(sessions.tokenHash, await hashToken(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row?.user ?? null;
    },

    async userForRequest(request: Request): Promise<UserRow | null> {
      return this.userForToken(tokenFromRequest(request));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
