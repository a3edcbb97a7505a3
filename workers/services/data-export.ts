import { desc, eq, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { EXPORT_LIMITS } from "#contract/account-closing";
import { blogPath } from "#contract/blog";
import type { Db } from "../db/client";
import {
  blogPosts,
  challenges,
  follows,
  gameData,
  games,
  ledger,
  likes,
  notifications,
  playerMoves,
  plays,
  ratings,
  savedGames,
  scoreShares,
  scores,
  users,
  type UserRow,
} from "../db/schema";
import type { Conversations, UserHubs } from "./ports";
import type { RateLimiter } from "./rate-limits";

/**
 * "Download my data" (issue #34): everything the platform keeps about one player, as one JSON file written section by
 * section into a stream, so a big account never sits whole in the Worker's memory. Each table gives at most
 * `EXPORT_LIMITS.rows` rows, newest first, and chat at most so many conversations and messages; a cut says so in
 * the file's `notes`.
 */
export interface DataExportDeps {
  db: Db;
  hubs: UserHubs;
  conversations: Conversations;
  limits: RateLimiter;
}

type Section = () => Promise<unknown>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function profileOf(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    first_name: user.firstName,
    email: user.email,
    email_verified_at: iso(user.emailVerifiedAt),
    phone_number: user.phoneNumber,
    address: user.address,
    gender: user.gender,
    profile_img: user.profileImg,
    profile_pic: user.profilePic,
    signs_in_with_password: user.passwordHash !== null,
    signs_in_with_google: user.googleSub !== null,
    role: user.role,
    can_write: user.canWrite,
    wallet: user.wallet,
    login_day: user.loginDay,
    last_bonus_on: user.lastBonusOn,
    created_at: iso(user.createdAt),
  };
}

type Bounded = <T>(name: string, rows: Promise<T[]>) => Promise<T[]>;

/** Cuts a section at `EXPORT_LIMITS.rows` (each query asks for one more, to know) and notes the cut. */
function boundedBy(notes: string[]): Bounded {
  return async (name, rows) => {
    const all = await rows;
    if (all.length <= EXPORT_LIMITS.rows) return all;
    notes.push(`${name}: only the newest ${EXPORT_LIMITS.rows} are included.`);
    return all.slice(0, EXPORT_LIMITS.rows);
  };
}

const game = { game_id: games.id, game: games.name };

/** The sections about people and coins: each one query, bounded, newest first. */
function personSections(db: Db, userId: number, bounded: Bounded) {
  const limit = EXPORT_LIMITS.rows;
  const other = alias(users, "other");
  return {
    follows: async () => ({
      following: await bounded(
        "follows",
        db
          .select({ id: other.id, name: other.name, since: follows.createdAt })
          .from(follows)
          .innerJoin(other, eq(other.id, follows.followeeId))
          .where(eq(follows.followerId, userId))
          .orderBy(desc(follows.createdAt))
          .limit(limit + 1),
      ),
      followers: await bounded(
        "followers",
        db
          .select({ id: other.id, name: other.name, since: follows.createdAt })
          .from(follows)
          .innerJoin(other, eq(other.id, follows.followerId))
          .where(eq(follows.followeeId, userId))
          .orderBy(desc(follows.createdAt))
          .limit(limit + 1),
      ),
    }),
    challenges: () => challengeRows(db, userId, bounded),
    ledger: () =>
      bounded(
        "ledger",
        db
          .select({
            amount: ledger.amount,
            reason: ledger.reason,
            reference: ledger.reference,
            at: ledger.createdAt,
          })
          .from(ledger)
          .where(eq(ledger.userId, userId))
          .orderBy(desc(ledger.id))
          .limit(limit + 1),
      ),
    posts: async () =>
      (
        await bounded(
          "posts",
          db
            .select({
              title: blogPosts.title,
              slug: blogPosts.slug,
              status: blogPosts.status,
              tags: blogPosts.tags,
              content: blogPosts.content,
              published_at: blogPosts.publishedAt,
              updated_at: blogPosts.updatedAt,
            })
            .from(blogPosts)
            .where(eq(blogPosts.authorId, userId))
            .orderBy(desc(blogPosts.updatedAt))
            .limit(limit + 1),
        )
      ).map((post) => ({ ...post, address: blogPath(post.slug) })),
    notifications: () =>
      bounded(
        "notifications",
        db
          .select({
            type: notifications.type,
            content: notifications.content,
            read_at: notifications.readAt,
            at: notifications.createdAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt))
          .limit(limit + 1),
      ),
  } satisfies Record<string, Section>;
}

/** The sections about games: each one query, bounded, newest first. */
function gameSections(db: Db, userId: number, bounded: Bounded) {
  const limit = EXPORT_LIMITS.rows;
  return {
    scores: () =>
      bounded(
        "scores",
        db
          .select({ ...game, score: scores.score, at: scores.createdAt })
          .from(scores)
          .innerJoin(games, eq(games.id, scores.gameId))
          .where(eq(scores.userId, userId))
          .orderBy(desc(scores.createdAt))
          .limit(limit + 1),
      ),
    runs: async () =>
      (
        await bounded(
          "runs",
          db
            .select({
              ...game,
              run_id: playerMoves.publicId,
              score: playerMoves.score,
              at: playerMoves.createdAt,
            })
            .from(playerMoves)
            .innerJoin(games, eq(games.id, playerMoves.gameId))
            .where(eq(playerMoves.userId, userId))
            .orderBy(desc(playerMoves.createdAt))
            .limit(limit + 1),
        )
      ).map((run) => ({ ...run, watch: `/watch/${run.run_id}` })),
    game_data: () =>
      bounded(
        "game data",
        db
          .select({
            ...game,
            data: gameData.data,
            updated_at: gameData.updatedAt,
          })
          .from(gameData)
          .innerJoin(games, eq(games.id, gameData.gameId))
          .where(eq(gameData.userId, userId))
          .orderBy(desc(gameData.updatedAt))
          .limit(limit + 1),
      ),
    likes: () =>
      bounded(
        "likes",
        db
          .select({ ...game, at: likes.createdAt })
          .from(likes)
          .innerJoin(games, eq(games.id, likes.gameId))
          .where(eq(likes.userId, userId))
          .orderBy(desc(likes.createdAt))
          .limit(limit + 1),
      ),
    ratings: () =>
      bounded(
        "ratings",
        db
          .select({ ...game, rating: ratings.value, at: ratings.createdAt })
          .from(ratings)
          .innerJoin(games, eq(games.id, ratings.gameId))
          .where(eq(ratings.userId, userId))
          .orderBy(desc(ratings.createdAt))
          .limit(limit + 1),
      ),
    saved_games: () =>
      bounded(
        "saved games",
        db
          .select({ ...game, at: savedGames.createdAt })
          .from(savedGames)
          .innerJoin(games, eq(games.id, savedGames.gameId))
          .where(eq(savedGames.userId, userId))
          .orderBy(desc(savedGames.createdAt))
          .limit(limit + 1),
      ),
    recently_played: () =>
      bounded(
        "recently played",
        db
          .select({ ...game, at: plays.createdAt })
          .from(plays)
          .innerJoin(games, eq(games.id, plays.gameId))
          .where(eq(plays.userId, userId))
          .orderBy(desc(plays.createdAt))
          .limit(limit + 1),
      ),
    shares: async () =>
      (
        await bounded(
          "shares",
          db
            .select({
              ...game,
              id: scoreShares.id,
              score: scoreShares.score,
              at: scoreShares.createdAt,
            })
            .from(scoreShares)
            .innerJoin(games, eq(games.id, scoreShares.gameId))
            .where(eq(scoreShares.userId, userId))
            .orderBy(desc(scoreShares.createdAt))
            .limit(limit + 1),
        )
      ).map((share) => ({ ...share, address: `/scores/${share.id}` })),
  } satisfies Record<string, Section>;
}

/** Challenges the player sent and received, with the other player's name. */
async function challengeRows(db: Db, userId: number, bounded: Bounded) {
  const from = alias(users, "from_user");
  const to = alias(users, "to_user");
  const rows = await bounded(
    "challenges",
    db
      .select({
        id: challenges.id,
        game: games.name,
        from_id: challenges.fromUserId,
        from: from.name,
        to_id: challenges.toUserId,
        to: to.name,
        bet_amount: challenges.betAmount,
        message: challenges.message,
        score: challenges.score,
        acceptor_score: challenges.acceptorScore,
        status: challenges.status,
        winner_id: challenges.winnerId,
        at: challenges.createdAt,
      })
      .from(challenges)
      .innerJoin(games, eq(games.id, challenges.gameId))
      .innerJoin(from, eq(from.id, challenges.fromUserId))
      .innerJoin(to, eq(to.id, challenges.toUserId))
      .where(
        or(eq(challenges.fromUserId, userId), eq(challenges.toUserId, userId)),
      )
      .orderBy(desc(challenges.createdAt))
      .limit(EXPORT_LIMITS.rows + 1),
  );
  return {
    sent: rows.filter((row) => row.from_id === userId),
    received: rows.filter((row) => row.to_id === userId),
  };
}

/**
 * Whom the player has chatted with: their inbox (ADR 028) and everyone they follow or who follows them (a
 * conversation may predate the inbox), each conversation once.
 */
async function chatPartners(
  { db, hubs }: DataExportDeps,
  userId: number,
): Promise<number[]> {
  const [inbox, linked] = await Promise.all([
    hubs.inbox(userId),
    db
      .select({ a: follows.followerId, b: follows.followeeId })
      .from(follows)
      .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)))
      .limit(EXPORT_LIMITS.rows),
  ]);
  return [
    ...new Set([
      ...inbox.entries.map((entry) => entry.friendId),
      ...linked.map(({ a, b }) => (a === userId ? b : a)),
    ]),
  ];
}

/** Writes one conversation after another into the stream, newest messages of each, oldest first within it. */
async function writeMessages(
  deps: DataExportDeps,
  userId: number,
  write: (text: string) => Promise<void>,
  notes: string[],
) {
  const partners = await chatPartners(deps, userId);
  if (partners.length > EXPORT_LIMITS.conversations)
    notes.push(
      `messages: only ${EXPORT_LIMITS.conversations} of ${partners.length} conversations are included.`,
    );
  const names = new Map<number, string>();
  let first = true;
  await write("[");
  for (const partnerId of partners.slice(0, EXPORT_LIMITS.conversations)) {
    const page = await deps.conversations.history(
      userId,
      partnerId,
      null,
      EXPORT_LIMITS.messagesPerConversation,
    );
    if (page.messages.length === 0) continue;
    if (!names.has(partnerId)) {
      const [row] = await deps.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, partnerId))
        .limit(1);
      names.set(partnerId, row?.name ?? "Unknown player");
    }
    const conversation = {
      with: { id: partnerId, name: names.get(partnerId) },
      note: page.has_more
        ? `Only the newest ${EXPORT_LIMITS.messagesPerConversation} messages are included.`
        : undefined,
      messages: page.messages.map((message) => ({
        sent_by_me: message.sender === userId,
        content: message.content,
        at: message.created_dt,
      })),
    };
    await write((first ? "" : ",") + JSON.stringify(conversation));
    first = false;
  }
  await write("]");
}

/** The file as a stream of JSON text: the profile, then each table, then the messages, then any notes. */
function exportStream(deps: DataExportDeps, user: UserRow) {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const write = (text: string) => writer.write(encoder.encode(text));
  const notes: string[] = [];
  const bounded = boundedBy(notes);
  const sections = {
    ...personSections(deps.db, user.id, bounded),
    ...gameSections(deps.db, user.id, bounded),
  };
  const run = async () => {
    await write(
      `{"exported_at":${JSON.stringify(new Date().toISOString())},"profile":${JSON.stringify(profileOf(user))}`,
    );
    for (const [name, read] of Object.entries(sections))
      await write(`,${JSON.stringify(name)}:${JSON.stringify(await read())}`);
    await write(`,"messages":`);
    await writeMessages(deps, user.id, write, notes);
    await write(`,"notes":${JSON.stringify(notes)}}`);
    await writer.close();
  };
  return {
    stream: readable,
    done: run().catch(async (error: unknown) => {
      console.error("the data export failed", error);
      await writer.abort(error);
    }),
  };
}

export function createDataExport(deps: DataExportDeps) {
  return {
    /**
     * The caller's data as a stream of JSON; `done` settles when it is written (hand it to waitUntil). Counted against
     * the hourly limit before anything is read.
     */
    async exportFor(user: UserRow) {
      await deps.limits.hit("dataExportPerUser", user.id);
      return exportStream(deps, user);
    },
  };
}
