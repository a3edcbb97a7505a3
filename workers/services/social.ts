import { and, asc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { boundedString, digits } from "#contract/input";
import { idValueSchema } from "#contract/ids";
import type { Friend } from "#contract/types";
import { FIELD_LIMITS } from "#contract/validation";
import type { Db } from "../db/client";
import { blocks, follows, reports, users } from "../db/schema";
import { badRequest, forbidden, notFound } from "./errors";
import { parseInput } from "./parse";
import type { RateLimiter } from "./rate-limits";

export const FIND_PAGE_SIZE = 20;

export const FindQuerySchema = z.object({
  q: boundedString(60, "Search for at most 60 characters")
    .trim()
    .optional()
    .default(""),
  page: digits("page must be a whole number from 0")
    .pipe(
      z
        .number()
        .min(0, "page cannot be negative")
        .max(5_000, "page is too large"),
    )
    .default(0),
});
export const ReportSchema = z.object({
  user_id: idValueSchema("user"),
  msg_id: boundedString(64, "Invalid message id").min(1, "Invalid message id"),
  reason: boundedString(
    500,
    "Keep the reason under 500 characters",
    "Say why you report this message",
  )
    .trim()
    .min(1, "Say why you report this message"),
});

/** LIKE's wildcards in a search are searched for, not used. */
const likePrefix = (text: string) =>
  `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface ChatCheck {
  senderName: string;
  recipientExists: boolean;
  blocked: boolean;
  /** Each follows the other. */
  friends: boolean;
}

/** Why a chat between two people is refused, or null when they may talk. */
export function chatRefusal(
  check: ChatCheck,
): { status: 403 | 404; message: string } | null {
  if (!check.recipientExists) return { status: 404, message: "User not found" };
  if (check.blocked)
    return { status: 403, message: "You cannot message this player" };
  if (!check.friends) return { status: 403, message: CHAT_FRIENDS_ONLY };
  return null;
}

export const CHAT_FRIENDS_ONLY =
  "You can chat with friends who follow you back. Follow each other to start a chat.";

/** The listed user (users.id) follows the caller. */
const followsBack = (callerId: number) =>
  sql<number>`exists (select 1 from ${follows} as back where back.follower_id = ${users.id} and back.followee_id = ${callerId})`;

/** Either of the two blocked the other. */
const blockedBetween = (a: number, b: number) =>
  or(
    and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
    and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
  );

/** What a follow changes outside D1; the Worker passes them, a Durable Object that only reads passes none. */
export interface SocialEffects {
  limits: RateLimiter;
  /** Both players' hubs keep what they read about each other for chat a minute: a change must count at once. */
  forgetChatPeers: (a: number, b: number) => Promise<void>;
}

export function createSocialService(db: Db, effects?: SocialEffects) {
  async function isBlocked(a: number, b: number): Promise<boolean> {
    const [row] = await db
      .select({ one: sql`1` })
      .from(blocks)
      .where(blockedBetween(a, b))
      .limit(1);
    return !!row;
  }

  async function assertUser(id: number) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    if (!user) throw notFound("User not found");
  }

  const service = {
    isBlocked,

    /**
     * SPEC.md §2 Find People: other players with a name and an address (which is not shown: it is private), by name prefix, a page at a time; people
     * who blocked the caller or whom the caller blocked are left out. followStatus tells whom the caller follows.
     */
    async find(
      callerId: number,
      query: unknown,
    ): Promise<{ people: Friend[]; page: number; has_more: boolean }> {
      const { q, page } = parseInput(FindQuerySchema, query);
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          profileImg: users.profileImg,
          following: sql<number>`${follows.followerId} is not null`,
          followsBack: followsBack(callerId),
        })
        .from(users)
        .leftJoin(
          follows,
          and(
            eq(follows.followerId, callerId),
            eq(follows.followeeId, users.id),
          ),
        )
        .where(
          and(
            ne(users.id, callerId),
            isNotNull(users.address),
            sql`${users.address} != ''`,
            q
              ? sql`${users.name} like ${likePrefix(q)} escape '\\'`
              : undefined,
            sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${callerId} and ${blocks.blockedId} = ${users.id})
              or (${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${callerId}))`,
          ),
        )
        .orderBy(sql`${users.name} collate nocase`, asc(users.id))
        .limit(FIND_PAGE_SIZE + 1)
        .offset(page * FIND_PAGE_SIZE);
      const people = rows.slice(0, FIND_PAGE_SIZE).map((row) => ({
        _id: row.id,
        name: row.name,
        profile_img: row.profileImg,
        is_online: false,
        social_id: row.id,
        isFriend: !!row.following,
        followStatus: !!row.following,
        follows_back: !!row.followsBack,
      }));
      return { people, page, has_more: rows.length > FIND_PAGE_SIZE };
    },

    /** SPEC.md §2 Friends: the people the caller follows, by name; `online` fills in is_online. */
    async friends(
      callerId: number,
      online: (ids: number[]) => Promise<Set<number>>,
    ): Promise<Friend[]> {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          profileImg: users.profileImg,
          followsBack: followsBack(callerId),
        })
        .from(follows)
        .innerJoin(users, eq(follows.followeeId, users.id))
        .where(eq(follows.followerId, callerId))
        .orderBy(sql`${users.name} collate nocase`, asc(users.id));
      const onlineIds = await online(rows.map((row) => row.id));
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        profile_img: row.profileImg,
        is_online: onlineIds.has(row.id),
        social_id: row.id,
        isFriend: true,
        followStatus: true,
        follows_back: !!row.followsBack,
      }));
    },

    /** SPEC.md §4 Follow: Follow becomes Following. Not yourself, not someone either of you blocked. */
    async follow(callerId: number, to: number) {
      await effects?.limits.hit("followPerUser", callerId);
      if (to === callerId) throw badRequest("You cannot follow yourself");
      await assertUser(to);
      if (await isBlocked(callerId, to))
        throw forbidden("You cannot follow this player");
      await db
        .insert(follows)
        .values({ followerId: callerId, followeeId: to })
        .onConflictDoNothing();
      await effects?.forgetChatPeers(callerId, to);
      return { from: callerId, to, followStatus: true };
    },

    /** DELETE /social/unfriend/{social_id}: social_id is the friend's id in the caller's list. */
    async unfriend(callerId: number, socialId: number) {
      const removed = await db
        .delete(follows)
        .where(
          and(
            eq(follows.followerId, callerId),
            eq(follows.followeeId, socialId),
          ),
        )
        .returning({ id: follows.followeeId });
      if (removed.length === 0)
        throw notFound("This player is not in your friends list");
      await effects?.forgetChatPeers(callerId, socialId);
      return { social_id: socialId, followStatus: false };
    },

    /** Blocking also ends following in both directions. */
    async block(callerId: number, userId: number) {
      if (userId === callerId) throw badRequest("You cannot block yourself");
      await assertUser(userId);
      await db.batch([
        db
          .insert(blocks)
          .values({ blockerId: callerId, blockedId: userId })
          .onConflictDoNothing(),
        db
          .delete(follows)
          .where(
            or(
              and(
                eq(follows.followerId, callerId),
                eq(follows.followeeId, userId),
              ),
              and(
                eq(follows.followerId, userId),
                eq(follows.followeeId, callerId),
              ),
            ),
          ),
      ]);
      return { blocked: true };
    },

    async unblock(callerId: number, userId: number) {
      await db
        .delete(blocks)
        .where(
          and(eq(blocks.blockerId, callerId), eq(blocks.blockedId, userId)),
        );
      return { blocked: false };
    },

    async blockedIds(callerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: blocks.blockedId })
        .from(blocks)
        .where(eq(blocks.blockerId, callerId));
      return rows.map((row) => row.id);
    },

    /** Keeps a copy of a reported message (`content` comes from the conversation, never from the reporter). */
    async report(
      callerId: number,
      input: z.output<typeof ReportSchema>,
      content: string,
    ) {
      await db
        .insert(reports)
        .values({
          reporterId: callerId,
          reportedUserId: input.user_id,
          msgId: input.msg_id,
          content,
          reason: input.reason,
        })
        .onConflictDoNothing();
      return { reported: true };
    },

    /** The caller's invite code, made on first use. */
    async inviteCode(callerId: number): Promise<string> {
      const [user] = await db
        .select({ code: users.inviteCode })
        .from(users)
        .where(eq(users.id, callerId))
        .limit(1);
      if (!user) throw notFound("User not found");
      if (user.code) return user.code;
      const code = [...crypto.getRandomValues(new Uint8Array(9))]
        .map((byte) => byte.toString(36).padStart(2, "0"))
        .join("")
        .slice(0, 12);
      await db
        .update(users)
        .set({ inviteCode: code })
        .where(and(eq(users.id, callerId), sql`${users.inviteCode} is null`));
      const [saved] = await db
        .select({ code: users.inviteCode })
        .from(users)
        .where(eq(users.id, callerId))
        .limit(1);
      return saved.code!;
    },

    /** Sign-up through an invite: the two follow each other. An unknown code changes nothing. */
    async acceptInvite(newUserId: number, code: string) {
      if (!/^[a-z0-9]{6,24}$/.test(code)) return false;
      const [inviter] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.inviteCode, code))
        .limit(1);
      if (!inviter || inviter.id === newUserId) return false;
      await db
        .insert(follows)
        .values([
          { followerId: newUserId, followeeId: inviter.id },
          { followerId: inviter.id, followeeId: newUserId },
        ])
        .onConflictDoNothing();
      return true;
    },

    /**
     * Everything a chat event needs from D1, in one query: the sender's name, whether the recipient exists, and
     * whether either blocked the other.
     */
    /**
     * What decides whether two people may chat: SPEC.md's chat is "with friends", so both must follow each other, and
     * neither may have blocked the other.
     */
    async chatCheck(senderId: number, recipientId: number): Promise<ChatCheck> {
      const [row] = await db
        .select({
          senderName: sql<
            string | null
          >`(select ${users.name} from ${users} where ${users.id} = ${senderId})`,
          recipientExists: sql<number>`exists (select 1 from ${users} where ${users.id} = ${recipientId})`,
          blocked: sql<number>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${senderId} and ${blocks.blockedId} = ${recipientId})
            or (${blocks.blockerId} = ${recipientId} and ${blocks.blockedId} = ${senderId}))`,
          friends: sql<number>`exists (select 1 from ${follows} where ${follows.followerId} = ${senderId} and ${follows.followeeId} = ${recipientId})
            and exists (select 1 from ${follows} where ${follows.followerId} = ${recipientId} and ${follows.followeeId} = ${senderId})`,
        })
        .from(sql`(select 1)`);
      // Names are at most 50 characters now; one stored before that limit must not ride along with every message.
      return {
        senderName: (row?.senderName ?? "").slice(0, FIELD_LIMITS.name),
        recipientExists: !!row?.recipientExists,
        blocked: !!row?.blocked,
        friends: !!row?.friends,
      };
    },

    /** Names of users by id (for chat senders). */
    async namesOf(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
  return service;
}

export type SocialService = ReturnType<typeof createSocialService>;
