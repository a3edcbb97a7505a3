import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from "drizzle-orm";
import {
  type BlockedPerson,
  FIND_PAGE_SIZE,
  FindQuerySchema,
  FollowSchema,
  INVITE_CODE_PATTERN,
  type FindAnswer,
  ReportSchema,
} from "#contract/social";
import { HistoryQuerySchema, type HistoryPage } from "#contract/chat";
import type { Inbox } from "#contract/inbox";
import type { Friend } from "#contract/types";
import { FIELD_LIMITS } from "#contract/validation";
import type { Db } from "../db/client";
import { blocks, follows, reports, users } from "../db/schema";
import { ApiError, badRequest, forbidden, notFound } from "./errors";
import { parseInput } from "./parse";
import { REPORT_CONTEXT_SIZE } from "#contract/reports";
import type { Conversations, UserHubs } from "./ports";
import type { RateLimiter } from "./rate-limits";

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

const CHAT_FRIENDS_ONLY =
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

/**
 * Everything a chat event needs from D1, in one query: the sender's name, whether the recipient exists, whether either
 * blocked the other, and whether they are friends. SPEC.md's chat is "with friends", so both must follow each other.
 * A function of its own because the UserHub, which caches it, asks for nothing else.
 */
export async function readChatCheck(
  db: Db,
  senderId: number,
  recipientId: number,
): Promise<ChatCheck> {
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
}

/** Everyone a user may chat with, for their UserHub: their own name, and each friend both ways not blocked either way. */
export interface ChatRoster {
  senderName: string;
  friends: number[];
}

/**
 * The user's whole chat roster in one query, read by their hub when a socket opens, so a typing note or a message to a
 * friend costs no D1 read: only a refusal (someone not on the roster) reads `readChatCheck` for its reason.
 */
export async function readChatRoster(
  db: Db,
  userId: number,
): Promise<ChatRoster> {
  const [self, friends] = await db.batch([
    db.select({ name: users.name }).from(users).where(eq(users.id, userId)),
    db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(
        and(
          eq(follows.followerId, userId),
          sql`exists (select 1 from ${follows} as back where back.follower_id = ${follows.followeeId} and back.followee_id = ${userId})`,
          sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${follows.followeeId})
            or (${blocks.blockerId} = ${follows.followeeId} and ${blocks.blockedId} = ${userId}))`,
        ),
      ),
  ]);
  return {
    senderName: (self[0]?.name ?? "").slice(0, FIELD_LIMITS.name),
    friends: friends.map((row) => row.id),
  };
}

/** What the social use cases work with. */
interface SocialDeps {
  db: Db;
  hubs: UserHubs;
  conversations: Conversations;
  limits: RateLimiter;
}

async function isBlocked(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(blockedBetween(a, b))
    .limit(1);
  return !!row;
}

async function assertUser(db: Db, id: number) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound("User not found");
}

/**
 * SPEC.md §2 Find People: other players with a name and an address (which is not shown: it is private), by name prefix, a page at a time; people
 * who blocked the caller or whom the caller blocked are left out. followStatus tells whom the caller follows.
 */
async function findPeople(
  { db, limits }: SocialDeps,
  callerId: number,
  query: unknown,
): Promise<FindAnswer> {
  await limits.hit("searchPerUser", callerId);
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
      and(eq(follows.followerId, callerId), eq(follows.followeeId, users.id)),
    )
    .where(
      and(
        ne(users.id, callerId),
        isNotNull(users.address),
        sql`${users.address} != ''`,
        q ? sql`${users.name} like ${likePrefix(q)} escape '\\'` : undefined,
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
}

/**
 * SPEC.md §2 Friends: the people the caller follows, by name; their hubs tell who is online, unless the list is
 * only for choosing someone (`presence: false`), which spares a call to every friend's hub.
 */
async function friendsOf(
  { db, hubs }: SocialDeps,
  callerId: number,
  { presence = true }: { presence?: boolean } = {},
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
  const onlineIds = presence
    ? await hubs.onlineAmong(rows.map((row) => row.id))
    : new Set<number>();
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
}

/**
 * SPEC.md §7 chat history between the caller and a friend, newest page first; `before` pages back. Checked before
 * the Conversation is addressed, so a probe of a stranger reaches no object. The friend's messages the caller
 * reported say so (`reported`), so a report outlives the page it was made on.
 */
async function historyWith(
  { db, conversations }: SocialDeps,
  callerId: number,
  friendId: number,
  query: unknown,
): Promise<HistoryPage> {
  const refusal = chatRefusal(await readChatCheck(db, callerId, friendId));
  if (refusal)
    throw new ApiError(
      refusal.status,
      refusal.status === 404 ? "not_found" : "forbidden",
      refusal.message,
    );
  const { before, limit } = parseInput(HistoryQuerySchema, query);
  const page = await conversations.history(
    callerId,
    friendId,
    before ?? null,
    limit,
  );
  const received = page.messages
    .filter((message) => message.sender === friendId)
    .map((message) => message.msg_id);
  if (received.length === 0) return page;
  const rows = await db
    .select({ msgId: reports.targetId })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, callerId),
        eq(reports.targetType, "message"),
        eq(reports.reportedUserId, friendId),
        inArray(reports.targetId, received),
      ),
    );
  if (rows.length === 0) return page;
  const reported = new Set(rows.map((row) => row.msgId));
  return {
    ...page,
    messages: page.messages.map((message) =>
      reported.has(message.msg_id) ? { ...message, reported: true } : message,
    ),
  };
}

/**
 * A message someone sent the caller, reported: the copy kept for moderators comes from the conversation itself,
 * never from the reporter. Refused reports count against the limit too.
 */
async function reportMessage(
  { db, conversations, limits }: SocialDeps,
  callerId: number,
  body: unknown,
) {
  await limits.hit("reportPerUser", callerId);
  const input = parseInput(ReportSchema, body);
  const message = await conversations.messageFor(
    callerId,
    input.user_id,
    input.msg_id,
  );
  if (!message || message.senderId !== input.user_id)
    throw notFound("That message was not sent to you");
  const context = await conversations.around(
    callerId,
    input.user_id,
    input.msg_id,
    REPORT_CONTEXT_SIZE,
  );
  await db
    .insert(reports)
    .values({
      reporterId: callerId,
      reportedUserId: input.user_id,
      targetType: "message",
      targetId: input.msg_id,
      content: message.content,
      context: context ? JSON.stringify(context) : null,
      reason: input.reason,
    })
    .onConflictDoNothing();
  return { reported: true };
}

/** The caller's invite code, made on first use. */
async function inviteCode(
  { db }: SocialDeps,
  callerId: number,
): Promise<string> {
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
}

/** The Blocked people screen: whom the caller blocked (not who blocked them), by name. */
async function blockedPeople(
  { db }: SocialDeps,
  callerId: number,
): Promise<BlockedPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      profileImg: users.profileImg,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(blocks.blockedId, users.id))
    .where(eq(blocks.blockerId, callerId))
    .orderBy(sql`${users.name} collate nocase`, asc(users.id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    profile_img: row.profileImg,
    blocked_dt: row.blockedAt.toISOString(),
  }));
}

/** Blocking also ends following in both directions. */
async function blockPlayer(
  { db, hubs }: SocialDeps,
  callerId: number,
  userId: number,
) {
  if (userId === callerId) throw badRequest("You cannot block yourself");
  await assertUser(db, userId);
  await db.batch([
    db
      .insert(blocks)
      .values({ blockerId: callerId, blockedId: userId })
      .onConflictDoNothing(),
    db
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, callerId), eq(follows.followeeId, userId)),
          and(eq(follows.followerId, userId), eq(follows.followeeId, callerId)),
        ),
      ),
  ]);
  await hubs.chatChanged(callerId, userId);
  // The blocked player's open pages drop the blocker from friends, presence and chat without a reload.
  await hubs.blocked(callerId, userId);
  return { blocked: true };
}

/**
 * Who follows and blocks whom, and what they say to each other. Each change of who may chat tells both players' hubs,
 * whose cached chat checks it makes stale; searches, follows and reports count against the caller's limits.
 */
export function createSocialService(
  db: Db,
  hubs: UserHubs,
  conversations: Conversations,
  limits: RateLimiter,
) {
  const deps: SocialDeps = { db, hubs, conversations, limits };
  const service = {
    isBlocked: (a: number, b: number) => isBlocked(db, a, b),

    find: (callerId: number, query: unknown) =>
      findPeople(deps, callerId, query),

    friends: (callerId: number, options: { presence?: boolean } = {}) =>
      friendsOf(deps, callerId, options),

    /**
     * The caller's chat inbox (/social's Messages tab), from their hub (ADR 028): entries of people they may no
     * longer chat with are already left out there.
     */
    inbox(callerId: number): Promise<Inbox> {
      return hubs.inbox(callerId);
    },

    /** The unread messages of the caller's inbox (the badge on Social); 0 when their hub cannot be asked. */
    unreadMessages(callerId: number): Promise<number> {
      return hubs.unreadMessages(callerId).catch((error: unknown) => {
        console.error("reading the unread messages failed", error);
        return 0;
      });
    },

    /** SPEC.md §4 Follow: Follow becomes Following. Not yourself, not someone either of you blocked. */
    async follow(callerId: number, body: unknown) {
      await limits.hit("followPerUser", callerId);
      const { from, to } = parseInput(FollowSchema, body);
      if (from !== callerId)
        throw forbidden("You can only follow people yourself");
      if (to === callerId) throw badRequest("You cannot follow yourself");
      await assertUser(db, to);
      if (await isBlocked(db, callerId, to))
        throw forbidden("You cannot follow this player");
      await db
        .insert(follows)
        .values({ followerId: callerId, followeeId: to })
        .onConflictDoNothing();
      await hubs.chatChanged(callerId, to);
      return { from, to, followStatus: true };
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
      await hubs.chatChanged(callerId, socialId);
      return { social_id: socialId, followStatus: false };
    },

    block: (callerId: number, userId: number) =>
      blockPlayer(deps, callerId, userId),

    async unblock(callerId: number, userId: number) {
      await db
        .delete(blocks)
        .where(
          and(eq(blocks.blockerId, callerId), eq(blocks.blockedId, userId)),
        );
      await hubs.chatChanged(callerId, userId);
      return { blocked: false };
    },

    async blockedIds(callerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: blocks.blockedId })
        .from(blocks)
        .where(eq(blocks.blockerId, callerId));
      return rows.map((row) => row.id);
    },

    blockedPeople: (callerId: number) => blockedPeople(deps, callerId),

    report: (callerId: number, body: unknown) =>
      reportMessage(deps, callerId, body),

    inviteCode: (callerId: number) => inviteCode(deps, callerId),

    /** Who owns an invite code, as the public invite page shows them; null for a code nobody has. */
    async inviter(
      code: string,
    ): Promise<{ name: string; profile_img: string | null } | null> {
      if (!INVITE_CODE_PATTERN.test(code)) return null;
      const [inviter] = await db
        .select({ name: users.name, profile_img: users.profileImg })
        .from(users)
        .where(eq(users.inviteCode, code))
        .limit(1);
      return inviter ?? null;
    },

    /** Sign-up through an invite: the two follow each other. An unknown code changes nothing. */
    async acceptInvite(newUserId: number, code: string) {
      if (!INVITE_CODE_PATTERN.test(code)) return false;
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

    history: (callerId: number, friendId: number, query: unknown) =>
      historyWith(deps, callerId, friendId, query),

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
