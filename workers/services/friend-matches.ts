import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  CreateMatchInviteSchema,
  FRIEND_INVITE_TTL_MS,
  FRIEND_MATCH_TEXT as TEXT,
  REMATCH_TTL_MS,
  RematchSchema,
  type MatchInviteStatus,
  type MatchInviteView,
  type MatchStart,
  type PairTally,
  type RematchAnswer,
} from "#contract/friend-matches";
import type { Db } from "../db/client";
import { games, matchInvites, matchResults, users } from "../db/schema";
import { ApiError, forbidden, notFound } from "./errors";
import type { MultiplayerService } from "./multiplayer";
import type { Pusher } from "./notifications";
import { parseInput } from "./parse";
import type { MatchRooms } from "./ports";
import type { RateLimiter } from "./rate-limits";
import { chatRefusal, readChatCheck } from "./social";

type Row = typeof matchInvites.$inferSelect;

const gone = (message: string) => new ApiError(410, "gone", message);
const conflict = (message: string) => new ApiError(409, "conflict", message);

/** 22 characters of base64url: 132 random bits. */
function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(17));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .slice(0, 22);
}

const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

function statusOf(row: Row, now = Date.now()): MatchInviteStatus {
  if (row.takenBy !== null) return "accepted";
  // Closed once already expired: replaced by a newer invitation after it had lapsed (see `create`).
  if (row.closedAt !== null && row.closedAt < row.expiresAt)
    return row.closedBy === row.inviterId ? "cancelled" : "declined";
  if (row.closedAt !== null) return "expired";
  return row.expiresAt.getTime() <= now ? "expired" : "open";
}

/** Why `callerId` may not take this invitation now, or null when they may. */
function takeRefusal(
  row: Row,
  callerId: number,
  now = Date.now(),
): ApiError | null {
  if (row.inviterId === callerId) return forbidden(TEXT.ownInvite);
  if (row.inviteeId !== null && row.inviteeId !== callerId)
    return forbidden(TEXT.notForYou);
  if (row.takenBy !== null && row.takenBy !== callerId)
    return conflict(TEXT.taken);
  if (row.takenBy === null) {
    const status = statusOf(row, now);
    if (status === "declined") return gone(TEXT.declined);
    if (status === "cancelled") return gone(TEXT.cancelled);
    if (status === "expired")
      return gone(row.kind === "rematch" ? TEXT.rematchLapsed : TEXT.expired);
  }
  return null;
}

/**
 * Play with a friend and rematch (ADR 026). An invitation is a D1 row with its room id chosen up front; whoever may
 * take it claims it with one conditional update (D1 runs writes one at a time, so one claim wins), deals the seed and
 * starts the MatchRoom, and only then are the players told. The match is then an ordinary one: the play screen with
 * the room, the room's result, the summary.
 */
/** How long an invitation's row stays after it stopped being open. */
const INVITE_KEPT_MS = 24 * 60 * 60_000;

/** What the friend-match use cases work with. */
interface FriendMatchDeps {
  db: Db;
  multiplayer: MultiplayerService;
  rooms: MatchRooms;
  push: Pusher;
  limits: RateLimiter;
}

async function rowOf({ db }: FriendMatchDeps, code: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(matchInvites)
    .where(eq(matchInvites.code, code))
    .limit(1);
  if (!row) throw notFound("Unknown invitation");
  return row;
}

async function viewOf(
  { db }: FriendMatchDeps,
  row: Row,
  now = Date.now(),
): Promise<MatchInviteView> {
  const from = alias(users, "inviter");
  const to = alias(users, "invitee");
  const [names] = await db
    .select({
      from: { id: from.id, name: from.name, profile_pic: from.profileImg },
      to: { id: to.id, name: to.name, profile_pic: to.profileImg },
      game: { id: games.id, name: games.name, icon: games.icon },
    })
    .from(from)
    .innerJoin(games, eq(games.id, row.gameId))
    .leftJoin(to, eq(to.id, row.inviteeId ?? 0))
    .where(eq(from.id, row.inviterId))
    .limit(1);
  if (!names) throw notFound("Unknown invitation");
  return {
    code: row.code,
    kind: row.kind,
    from: names.from,
    to: row.inviteeId !== null && names.to?.id ? names.to : null,
    game: names.game,
    expiresAt: row.expiresAt.toISOString(),
    status: statusOf(row, now),
    resultId: row.rematchOf,
    match: null,
  };
}

async function matchOf(
  { multiplayer }: FriendMatchDeps,
  row: Row,
  takerId: number,
): Promise<MatchStart> {
  const participants = await Promise.all(
    [row.inviterId, takerId].map(async (id) => ({
      ...(await multiplayer.participantOf(id)),
      room_id: row.roomId,
    })),
  );
  return {
    roomId: row.roomId,
    gameId: row.gameId,
    seed: row.seed ?? 0,
    participants,
  };
}

async function assertNotBlocked({ db }: FriendMatchDeps, a: number, b: number) {
  const check = await readChatCheck(db, a, b);
  if (!check.recipientExists) throw notFound("User not found");
  if (check.blocked) throw forbidden(TEXT.blocked);
  return check;
}

/** Claims the invitation for `callerId`, or says why not; the winner sets the room up before anyone hears of it. */
async function take(
  all: FriendMatchDeps,
  code: string,
  callerId: number,
): Promise<MatchStart> {
  const { db, rooms, push } = all;
  const now = new Date();
  const [claimed] = await db
    .update(matchInvites)
    .set({ takenBy: callerId, seed: newSeed() })
    .where(
      and(
        eq(matchInvites.code, code),
        isNull(matchInvites.takenBy),
        isNull(matchInvites.closedAt),
        sql`${matchInvites.expiresAt} > ${now.getTime()}`,
        sql`${matchInvites.inviterId} <> ${callerId}`,
        or(
          isNull(matchInvites.inviteeId),
          eq(matchInvites.inviteeId, callerId),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const row = await rowOf(all, code);
    const refusal = takeRefusal(row, callerId, now.getTime());
    if (refusal) throw refusal;
    // Taken by this caller already (a second tap, another tab): the same match.
    return matchOf(all, row, callerId);
  }
  const match = await matchOf(all, claimed, callerId);
  await rooms.start(match);
  const answer = {
    event: "match_invite_answer",
    data: { code, status: "accepted", match },
  } as const;
  await Promise.all([push(claimed.inviterId, answer), push(callerId, answer)]);
  return match;
}

/** "Play with a friend": an invitation to this game, to a friend (told live) or as a link for anyone. */
async function createInvite(
  all: FriendMatchDeps,
  callerId: number,
  body: unknown,
): Promise<MatchInviteView> {
  const { db, multiplayer, push, limits } = all;
  const input = parseInput(CreateMatchInviteSchema, body);
  const friendId = input.friendId ?? null;
  if (friendId === callerId) throw forbidden(TEXT.ownInvite);
  await multiplayer.assertMultiplayerGame(input.gameId);
  if (friendId !== null) {
    const refusal = chatRefusal(await readChatCheck(db, callerId, friendId));
    if (refusal)
      throw new ApiError(
        refusal.status,
        refusal.status === 404 ? "not_found" : "forbidden",
        refusal.status === 404
          ? refusal.message
          : refusal.message === "You cannot message this player"
            ? TEXT.blocked
            : TEXT.friendsOnly,
      );
  }
  await limits.hit("matchInvitePerUser", callerId);
  const now = Date.now();
  const insert = db
    .insert(matchInvites)
    .values({
      code: newCode(),
      kind: "friend",
      inviterId: callerId,
      inviteeId: friendId,
      gameId: input.gameId,
      roomId: crypto.randomUUID(),
      expiresAt: new Date(now + FRIEND_INVITE_TTL_MS),
    })
    .returning();
  if (friendId === null) {
    const [row] = await insert;
    return viewOf(all, row, now);
  }
  // One open invitation per friend: a new one replaces the caller's earlier ones to them in the same batch, so
  // racing twins leave one open (D1 runs a batch as one transaction).
  const [replaced, [row]] = await db.batch([
    db
      .update(matchInvites)
      .set({ closedAt: new Date(now), closedBy: callerId })
      .where(
        and(
          eq(matchInvites.kind, "friend"),
          eq(matchInvites.inviterId, callerId),
          eq(matchInvites.inviteeId, friendId),
          isNull(matchInvites.takenBy),
          isNull(matchInvites.closedAt),
        ),
      )
      .returning({
        code: matchInvites.code,
        expiresAt: matchInvites.expiresAt,
      }),
    insert,
  ]);
  const view = await viewOf(all, row, now);
  await Promise.all(
    replaced
      .filter((old) => old.expiresAt.getTime() > now)
      .flatMap((old) => {
        const event = {
          event: "match_invite_answer",
          data: { code: old.code, status: "cancelled", match: null },
        } as const;
        return [push(friendId, event), push(callerId, event)];
      }),
  );
  await push(friendId, { event: "match_invite", data: view });
  return view;
}

/** The invitee says no, or the inviter takes it back; the other side hears of it at once. */
async function declineInvite(
  all: FriendMatchDeps,
  callerId: number,
  code: string,
): Promise<MatchInviteView> {
  const { db, push } = all;
  const row = await rowOf(all, code);
  const inviter = row.inviterId === callerId;
  if (!inviter && row.inviteeId !== callerId)
    throw forbidden(
      row.inviteeId === null
        ? "Only the player who made this link can cancel it"
        : TEXT.notForYou,
    );
  const [closed] = await db
    .update(matchInvites)
    .set({ closedAt: new Date(), closedBy: callerId })
    .where(
      and(
        eq(matchInvites.code, code),
        isNull(matchInvites.takenBy),
        isNull(matchInvites.closedAt),
      ),
    )
    .returning();
  if (!closed) {
    const now = await rowOf(all, code);
    if (now.takenBy !== null) throw conflict("This match has started");
    // Declined, cancelled or expired already: the same answer again.
    return viewOf(all, now);
  }
  const status = inviter ? "cancelled" : "declined";
  const event = {
    event: "match_invite_answer",
    data: { code, status, match: null },
  } as const;
  const others = [closed.inviterId, closed.inviteeId].filter(
    (id): id is number => id !== null,
  );
  await Promise.all(others.map((id) => push(id, event)));
  return viewOf(all, closed);
}

/**
 * Rematch from a match's summary: the first of its two players to ask makes an offer open REMATCH_TTL_MS, which
 * the other sees live; the other asking within it takes the offer, and they play again with a new seed.
 */
async function requestRematch(
  all: FriendMatchDeps,
  callerId: number,
  body: unknown,
): Promise<RematchAnswer> {
  const { db, push, limits } = all;
  const { resultId } = parseInput(RematchSchema, body);
  const [result] = await db
    .select()
    .from(matchResults)
    .where(eq(matchResults.id, resultId))
    .limit(1);
  if (!result) throw notFound("Match not found");
  if (result.playerTwoId === null) throw forbidden(TEXT.botMatch);
  const players = [result.playerOneId, result.playerTwoId];
  if (!players.includes(callerId)) throw forbidden(TEXT.notYourMatch);
  const opponentId = players.find((id) => id !== callerId) ?? callerId;
  await assertNotBlocked(all, callerId, opponentId);
  const taken = await db
    .select({ code: matchInvites.code })
    .from(matchInvites)
    .where(
      and(
        eq(matchInvites.rematchOf, resultId),
        sql`${matchInvites.takenBy} is not null`,
      ),
    )
    .limit(1);
  if (taken.length > 0) throw conflict(TEXT.rematchDone);
  await limits.hit("matchInvitePerUser", callerId);
  const now = Date.now();
  const code = newCode();
  // One statement: an offer is made only while no open one exists, so two players asking at once make one offer
  // and the second of them takes it.
  const made = await db.all<{ code: string }>(sql`
    insert into ${matchInvites} (code, kind, inviter_id, invitee_id, game_id, rematch_of, room_id, expires_at)
    select ${code}, 'rematch', ${callerId}, ${opponentId}, ${result.gameId}, ${resultId}, ${crypto.randomUUID()},
      ${now + REMATCH_TTL_MS}
    where not exists (
      select 1 from ${matchInvites} where rematch_of = ${resultId} and taken_by is null and closed_at is null
        and expires_at > ${now})
    returning code`);
  if (made.length > 0) {
    const view = await viewOf(all, await rowOf(all, code), now);
    await push(opponentId, { event: "match_invite", data: view });
    return { status: "waiting", invite: view };
  }
  const [open] = await db
    .select()
    .from(matchInvites)
    .where(
      and(
        eq(matchInvites.rematchOf, resultId),
        isNull(matchInvites.closedAt),
        sql`${matchInvites.expiresAt} > ${now}`,
      ),
    )
    .orderBy(sql`${matchInvites.createdAt} desc`)
    .limit(1);
  if (!open) throw conflict(TEXT.rematchDone);
  if (open.inviterId === callerId && open.takenBy === null)
    return { status: "waiting", invite: await viewOf(all, open, now) };
  return { status: "matched", match: await take(all, open.code, callerId) };
}

export function createFriendMatchService(
  db: Db,
  deps: Omit<FriendMatchDeps, "db">,
) {
  const all: FriendMatchDeps = { db, ...deps };

  const service = {
    create: (callerId: number, body: unknown) =>
      createInvite(all, callerId, body),

    /**
     * Whose match an invitation link leads to, for the log-in and sign-up pages a visitor with the link sees (issue
     * #31): the inviter's name while the invitation is open, else null. The code is the link's secret.
     */
    async hostNameOf(code: string): Promise<string | null> {
      const [row] = await db
        .select({ invite: matchInvites, name: users.name })
        .from(matchInvites)
        .innerJoin(users, eq(users.id, matchInvites.inviterId))
        .where(eq(matchInvites.code, code))
        .limit(1);
      return row && statusOf(row.invite) === "open" ? row.name : null;
    },

    /** The invitation as `viewerId` may see it: its two players, or anyone signed in for a link nobody took yet. */
    async view(viewerId: number, code: string): Promise<MatchInviteView> {
      const row = await rowOf(all, code);
      const player = viewerId === row.inviterId || viewerId === row.takenBy;
      if (!player && row.inviteeId !== null && row.inviteeId !== viewerId)
        throw forbidden(TEXT.notForYou);
      if (!player && row.takenBy !== null) throw conflict(TEXT.taken);
      const view = await viewOf(all, row);
      if (player && row.takenBy !== null)
        view.match = await matchOf(all, row, row.takenBy);
      return view;
    },

    /** Takes the invitation: the invited friend, or for a link anyone signed in but the inviter, the first one wins. */
    async accept(callerId: number, code: string): Promise<MatchStart> {
      const row = await rowOf(all, code);
      const refusal = takeRefusal(row, callerId);
      if (refusal) throw refusal;
      if (row.takenBy === null)
        await assertNotBlocked(all, callerId, row.inviterId);
      return take(all, code, callerId);
    },

    decline: (callerId: number, code: string) =>
      declineInvite(all, callerId, code),

    rematch: (callerId: number, body: unknown) =>
      requestRematch(all, callerId, body),

    /** The open rematch offer of a match, if any, for a summary opened (or reloaded) while it stands. */
    async openRematch(resultId: number): Promise<MatchInviteView | null> {
      const now = Date.now();
      const [open] = await db
        .select()
        .from(matchInvites)
        .where(
          and(
            eq(matchInvites.rematchOf, resultId),
            isNull(matchInvites.takenBy),
            isNull(matchInvites.closedAt),
            sql`${matchInvites.expiresAt} > ${now}`,
          ),
        )
        .limit(1);
      return open ? viewOf(all, open, now) : null;
    },

    /**
     * What a match's summary shows one of its players: the pair's record and any rematch offer standing now. Null for
     * anyone else and for a match against a bot, which has no rematch.
     */
    async summaryFor(
      viewerId: number,
      resultId: number,
    ): Promise<{
      tally: PairTally;
      offer: MatchInviteView | null;
      rematched: boolean;
    } | null> {
      const [result] = await db
        .select({
          one: matchResults.playerOneId,
          two: matchResults.playerTwoId,
        })
        .from(matchResults)
        .where(eq(matchResults.id, resultId))
        .limit(1);
      if (!result || result.two === null) return null;
      if (viewerId !== result.one && viewerId !== result.two) return null;
      const other = viewerId === result.one ? result.two : result.one;
      const [tally, offer, taken] = await Promise.all([
        service.tally(viewerId, other),
        service.openRematch(resultId),
        db
          .select({ code: matchInvites.code })
          .from(matchInvites)
          .where(
            and(
              eq(matchInvites.rematchOf, resultId),
              sql`${matchInvites.takenBy} is not null`,
            ),
          )
          .limit(1),
      ]);
      return { tally, offer, rematched: taken.length > 0 };
    },

    /**
     * Drops invitations and rematch offers a day past their end (the hourly cron): a taken one's match lives on in
     * its room and `match_results`, and nobody opens a day-old link expecting more than "not found".
     */
    async sweep(now = Date.now()): Promise<void> {
      await db
        .delete(matchInvites)
        .where(lt(matchInvites.expiresAt, new Date(now - INVITE_KEPT_MS)));
    },

    /** `userId`'s wins, losses and draws against `otherId` over all their matches (the higher score wins). */
    async tally(userId: number, otherId: number): Promise<PairTally> {
      const mine = sql`case when ${matchResults.playerOneId} = ${userId} then ${matchResults.playerOneScore} else ${matchResults.playerTwoScore} end`;
      const theirs = sql`case when ${matchResults.playerOneId} = ${userId} then ${matchResults.playerTwoScore} else ${matchResults.playerOneScore} end`;
      const [row] = await db
        .select({
          wins: sql<number>`coalesce(sum(${mine} > ${theirs}), 0)`,
          losses: sql<number>`coalesce(sum(${mine} < ${theirs}), 0)`,
          draws: sql<number>`coalesce(sum(${mine} = ${theirs}), 0)`,
        })
        .from(matchResults)
        .where(
          or(
            and(
              eq(matchResults.playerOneId, userId),
              eq(matchResults.playerTwoId, otherId),
            ),
            and(
              eq(matchResults.playerOneId, otherId),
              eq(matchResults.playerTwoId, userId),
            ),
          ),
        );
      return {
        wins: Number(row?.wins ?? 0),
        losses: Number(row?.losses ?? 0),
        draws: Number(row?.draws ?? 0),
      };
    },
  };
  return service;
}
