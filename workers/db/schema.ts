import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { BLOG_STATUSES } from "#contract/blog";
import { ROUND_REVIEWS } from "#contract/fair-play";
import {
  CHALLENGE_STATUSES,
  LEDGER_REASONS,
  NOTIFICATION_TYPES,
} from "#contract/coins";
import { MATCH_INVITE_KINDS } from "#contract/friend-matches";
import { PUSH_KINDS } from "#contract/push";
import { newRunId } from "#contract/runs";
import { PERIODS } from "#contract/tournaments";
import { GENDERS } from "#contract/types";
import { UPLOAD_PURPOSES } from "#contract/uploads";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    /** PBKDF2 hash (see workers/services/password.ts); null for accounts that only use Google. */
    passwordHash: text("password_hash"),
    googleSub: text("google_sub").unique(),
    name: text("name").notNull(),
    firstName: text("first_name").notNull(),
    phoneNumber: text("phone_number"),
    address: text("address"),
    gender: text("gender", { enum: GENDERS }),
    /** Stored media path or absolute URL of the uploaded picture. */
    profileImg: text("profile_img"),
    /** Picture from a social login, used when no upload exists. */
    profilePic: text("profile_pic"),
    wallet: integer("wallet").notNull().default(0),
    canWrite: integer("can_write", { mode: "boolean" })
      .notNull()
      .default(false),
    /**
     * The day card (0 to 5, more on a longer streak) of the user's last daily bonus claim; -1 before the first.
     * What the client sees as login_day is worked out from this and last_bonus_on (contract/coins.ts).
     */
    loginDay: integer("login_day").notNull().default(-1),
    /** UTC date (YYYY-MM-DD) of the last daily bonus claim. */
    lastBonusOn: text("last_bonus_on"),
    /** The code in the user's personal invite link; made the first time they ask for it. */
    inviteCode: text("invite_code").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    // The last line of defence for coins: no write can leave a balance below zero.
    check("users_wallet_not_negative", sql`${t.wallet} >= 0`),
    // Find People searches names by prefix, case-insensitively, through this index.
    index("users_name_nocase_idx").on(sql`${t.name} collate nocase`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the bearer token: a leaked table does not leak usable tokens. */
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Last socket id the client reported (POST /api/session). */
    socket: text("socket"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const publishers = sqliteTable("publishers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  icon: text("icon").notNull(),
  banner: text("banner").notNull(),
  about: text("about").notNull(),
});

/** Bit flags of SPEC.md §3 game_modes: a game offers any set of them. */
export const GAME_MODES = { single: 1, multiplayer: 2, scored: 4 } as const;

export const games = sqliteTable(
  "games",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    /** Sanitised HTML. */
    howToPlay: text("how_to_play").notNull().default(""),
    icon: text("icon").notNull(),
    video: text("video"),
    poster: text("poster"),
    /** Sum of GAME_MODES flags, so the set {1, 2, 4} is 7. */
    gameModes: integer("game_modes").notNull().default(GAME_MODES.single),
    /** 2 labels the leaderboard column Level, anything else Score. */
    leaderboardType: integer("leaderboard_type").notNull().default(1),
    /** 2 is an external game played at external_link. */
    type: integer("type").notNull().default(0),
    externalLink: text("external_link"),
    maximumGameTime: integer("maximum_game_time").notNull().default(120),
    /** The most a player can possibly score per second of play; a faster score is refused. Null: no cap. */
    maxScoreRate: real("max_score_rate"),
    /** ADR 027: the least score of a round that can win a tournament prize or count towards eligibility; null: none. */
    prizeMinScore: integer("prize_min_score"),
    totalLikes: integer("total_likes").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** Rows standing in until the real catalogue lands. */
    isPlaceholder: integer("is_placeholder", { mode: "boolean" })
      .notNull()
      .default(false),
    isPublished: integer("is_published", { mode: "boolean" })
      .notNull()
      .default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("games_category_idx").on(t.categoryId),
    index("games_publisher_idx").on(t.publisherId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type PublisherRow = typeof publishers.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

/** Log-in attempts per email and per address over a sliding window: each is reserved before its password is checked. */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** One-time upload addresses: the token is only ever stored hashed, and a row is claimed once. */
export const uploadTokens = sqliteTable(
  "upload_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull().unique(),
    purpose: text("purpose", {
      enum: UPLOAD_PURPOSES,
    }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** The stored picture's size, set when it lands: the sum over a user's rows is held to their storage quota. */
    bytes: integer("bytes"),
    createdAt: createdAt(),
  },
  (t) => [index("upload_tokens_user_idx").on(t.userId)],
);

/** Fixed-window request counters (workers/services/rate-limits.ts): one row per action and subject, reset in place. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowEndsAt: integer("window_ends_at", { mode: "timestamp_ms" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowEndsAt)],
);

const userRef = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const gameRef = () =>
  integer("game_id")
    .notNull()
    .references(() => games.id, { onDelete: "cascade" });

/** One like per user and game; games.total_likes is recounted from here in the same batch. */
export const likes = sqliteTable(
  "likes",
  { userId: userRef(), gameId: gameRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index("likes_game_idx").on(t.gameId),
  ],
);

/** One rating per user and game (re-rating replaces it); games.rating_sum/count are recounted from here. */
export const ratings = sqliteTable(
  "ratings",
  {
    userId: userRef(),
    gameId: gameRef(),
    value: integer("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index("ratings_game_idx").on(t.gameId),
    check("ratings_value_range", sql`${t.value} between 1 and 5`),
  ],
);

export const savedGames = sqliteTable(
  "saved_games",
  { userId: userRef(), gameId: gameRef(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/** Each start of a game by a signed-in user (POST /api/user/play), for Recently Played. */
export const plays = sqliteTable(
  "plays",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    gameId: gameRef(),
    /** 0 normal, 1 challenge, 2 multiplayer. */
    type: integer("type").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("plays_user_idx").on(t.userId, t.createdAt)],
);

/** Product analytics when no Analytics Engine binding is configured. */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    userId: integer("user_id"),
    data: text("data"),
    createdAt: createdAt(),
  },
  (t) => [index("events_name_idx").on(t.name, t.createdAt)],
);

/**
 * SPEC.md §3 Game stats record, and the play session an honest score needs: opened when the play page loads
 * (POST /api/gamestats), scored at most once, closed when the play time is written.
 */
export const gameStats = sqliteTable(
  "game_stats",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    gameId: gameRef(),
    /** SPEC.md §4 game type: 0 single player, 1 multiplayer, 2 multiplayer with a bot. */
    gameType: integer("game_type").notNull().default(0),
    /** Seconds, written when the session ends; never more than the time the server saw pass. */
    playTime: integer("play_time"),
    /** The score submitted for this session, once: for our own games, the replay's. */
    score: integer("score"),
    /** The seed the server dealt the round (our own games replay their input log from it). */
    seed: integer("seed"),
    /** The second seed hidden information is dealt from (Memory Match's faces): never answered while the round plays. */
    hiddenSeed: integer("hidden_seed"),
    /** The MatchRoom this session was opened for: only such sessions count in that match's result. */
    roomId: text("room_id"),
    /** The visitor's round this session was made from when its player claimed it; one session per such round. */
    visitorRoundId: integer("visitor_round_id").references(
      () => visitorRounds.id,
    ),
    scoredAt: integer("scored_at", { mode: "timestamp_ms" }),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("game_stats_user_idx").on(t.userId, t.createdAt),
    // With created_at: a player's sessions of a game on one day are counted in bounded rows (ADR 027 attempts).
    index("game_stats_user_game_idx").on(t.userId, t.gameId, t.createdAt),
    uniqueIndex("game_stats_visitor_round_idx").on(t.visitorRoundId),
  ],
);

/**
 * A visitor's round (issue #21): dealt a seed like a play session, its log kept when it ends, replayed and made a
 * session of the account that claims it with its token (kept as a SHA-256 hash). Unclaimed rounds are swept by the cron a day on.
 */
export const visitorRounds = sqliteTable(
  "visitor_rounds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: gameRef(),
    seed: integer("seed").notNull(),
    /** As game_stats.hidden_seed. */
    hiddenSeed: integer("hidden_seed"),
    tokenHash: text("token_hash").notNull(),
    score: integer("score"),
    inputLog: text("input_log"),
    /** Seconds the player's clock counted; never more than the server saw pass. */
    playTime: integer("play_time"),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("visitor_rounds_created_idx").on(t.createdAt)],
);

/** Accepted scores of finished rounds, one per play session at most. */
export const scores = sqliteTable(
  "scores",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    gameId: gameRef(),
    score: integer("score").notNull(),
    statsId: integer("stats_id").references(() => gameStats.id, {
      onDelete: "set null",
    }),
    /** Null for a round within its game's fair-play model; else its review (ADR 032). */
    review: text("review", { enum: ROUND_REVIEWS }),
    /** Why the round was held: what the model found, for the moderator. */
    reviewNote: text("review_note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("scores_stats_idx").on(t.statsId),
    index("scores_review_idx").on(t.review, t.createdAt),
    index("scores_user_game_idx").on(t.userId, t.gameId, t.createdAt),
    index("scores_user_time_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Each player's best score per game, kept beside the scores in the same batch: the leaderboard reads the top of
 * one index, and a rank adds up the count trees below (ADR 020). Ties go to whoever reached the score first, then
 * to the lower id.
 */
export const bestScores = sqliteTable(
  "best_scores",
  {
    gameId: gameRef(),
    userId: userRef(),
    score: integer("score").notNull(),
    achievedAt: integer("achieved_at", { mode: "timestamp_ms" }).notNull(),
    /** The play session that scored it: its run can be watched. */
    statsId: integer("stats_id"),
    /**
     * Its place in arrival order among the players now at this score in this game (ADR 020): one more than the
     * latest arrival's, so it follows (achieved_at, user_id) and a rank counts the tied players ahead in bounded rows.
     */
    arrival: integer("arrival").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index("best_scores_rank_idx").on(
      t.gameId,
      sql`${t.score} desc`,
      t.achievedAt,
      t.userId,
    ),
  ],
);

/**
 * ADR 020: how many players' best scores fall under each node of a radix-8 tree over the score, per game. Level L
 * counts the scores whose value >> (3·L) equals prefix, so the players above a score are the siblings above its
 * digit at each level. Kept by triggers on best_scores (migration 0012), in the same statement as the best score.
 */
export const rankScoreCounts = sqliteTable(
  "rank_score_counts",
  {
    gameId: gameRef(),
    level: integer("level").notNull(),
    prefix: integer("prefix").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.level, t.prefix] })],
);

/** ADR 020: the same tree over best_scores.arrival within one game's score, for the tied players ahead. */
export const rankArrivalCounts = sqliteTable(
  "rank_arrival_counts",
  {
    gameId: gameRef(),
    score: integer("score").notNull(),
    level: integer("level").notNull(),
    prefix: integer("prefix").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.score, t.level, t.prefix] })],
);

/**
 * ADR 027: each player's best verified score of a game in one daily or weekly period, written in the round's batch.
 * `period_start` is the period's first millisecond (00:00 UTC, or Monday 00:00 UTC); the rank index serves the top,
 * the rank counts and the winners when the period closes.
 */
export const periodBestScores = sqliteTable(
  "period_best_scores",
  {
    gameId: gameRef(),
    period: text("period", { enum: PERIODS }).notNull(),
    periodStart: integer("period_start").notNull(),
    userId: userRef(),
    score: integer("score").notNull(),
    achievedAt: integer("achieved_at", { mode: "timestamp_ms" }).notNull(),
    statsId: integer("stats_id"),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.period, t.periodStart, t.userId] }),
    index("period_best_scores_rank_idx").on(
      t.gameId,
      t.period,
      t.periodStart,
      sql`${t.score} desc`,
      t.achievedAt,
      t.userId,
    ),
  ],
);

/**
 * ADR 027: every period board that has had a round, so the hourly close finds the ones whose period ended without
 * reading the boards. Closing stamps `claim` once (only where it is still null): the run that stamped it is the only
 * one whose batch writes the prizes, the ledger rows and the notifications, and a round no longer enters the board.
 */
export const tournamentBoards = sqliteTable(
  "tournament_boards",
  {
    gameId: gameRef(),
    period: text("period", { enum: PERIODS }).notNull(),
    periodStart: integer("period_start").notNull(),
    /** Players on the board when it closed (counted up to PERIOD_RANK_LIMIT); null while open. */
    players: integer("players"),
    /** Players eligible for prizes when it closed, counted up to MIN_TOURNAMENT_PLAYERS (ADR 027); null while open. */
    eligible: integer("eligible"),
    claim: text("claim"),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** When the closed board's rows of period_best_scores were all deleted (its winners stay in tournament_prizes). */
    purgedAt: integer("purged_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.period, t.periodStart] }),
    index("tournament_boards_open_idx")
      .on(t.period, t.periodStart)
      .where(sql`${t.claim} is null`),
    index("tournament_boards_unpurged_idx")
      .on(t.closedAt)
      .where(sql`${t.claim} is not null and ${t.purgedAt} is null`),
  ],
);

/** ADR 027: the first three of a closed board with enough players, and the coins each was paid. */
export const tournamentPrizes = sqliteTable(
  "tournament_prizes",
  {
    gameId: gameRef(),
    period: text("period", { enum: PERIODS }).notNull(),
    periodStart: integer("period_start").notNull(),
    place: integer("place").notNull(),
    userId: userRef(),
    score: integer("score").notNull(),
    prize: integer("prize").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.period, t.periodStart, t.place] }),
  ],
);

/** SPEC.md §3 Player moves: a scored round's timeline (ms since the round began, score), replayed by bots. */
export const playerMoves = sqliteTable(
  "player_moves",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    statsId: integer("stats_id")
      .notNull()
      .unique()
      .references(() => gameStats.id, { onDelete: "cascade" }),
    userId: userRef(),
    gameId: gameRef(),
    score: integer("score").notNull(),
    /** JSON: [{ time, score }], ordered in time, ending at score; for our own games, taken from the replay. */
    moves: text("moves", { mode: "json" })
      .$type<Array<{ time: number; score: number }>>()
      .notNull(),
    /** Our own games: the seed and input log the score was replayed from, and the steps it lasted. */
    seed: integer("seed"),
    inputLog: text("input_log"),
    steps: integer("steps"),
    /** The run's public id (`/watch/{publicId}`): random, never the session's sequential id. */
    publicId: text("public_id").notNull().$defaultFn(newRunId),
    createdAt: createdAt(),
  },
  (t) => [
    index("player_moves_game_idx").on(t.gameId, t.createdAt),
    uniqueIndex("player_moves_public_id_idx").on(t.publicId),
  ],
);

/** SPEC.md §4 Follow: `followerId` follows `followeeId`. A user's friends are the people they follow. */
export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_idx").on(t.followeeId),
  ],
);

/**
 * SPEC.md §2 Summary: a finished match, against another player (written by the MatchRoom Durable Object) or
 * against a bot replaying a recorded run (written when the player's round is scored).
 */
export const matchResults = sqliteTable(
  "match_results",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: gameRef(),
    /** The MatchRoom of a match between two players; null against a bot. */
    roomId: text("room_id").unique(),
    /** The player's play session of a match against a bot; one result per session. */
    statsId: integer("stats_id")
      .unique()
      .references(() => gameStats.id, { onDelete: "set null" }),
    playerOneId: integer("player_one_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playerOneScore: integer("player_one_score").notNull(),
    playerTwoId: integer("player_two_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    playerTwoScore: integer("player_two_score").notNull(),
    botRunId: integer("bot_run_id").references(() => playerMoves.id, {
      onDelete: "set null",
    }),
    botName: text("bot_name"),
    botProfilePic: text("bot_profile_pic"),
    /** 1 a normal end (SPEC.md §9), 2 someone left before the end. */
    status: integer("status").notNull().default(1),
    /** The player who left, when one did. */
    leftUserId: integer("left_user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("match_results_player_one_idx").on(t.playerOneId),
    index("match_results_player_two_idx").on(t.playerTwoId),
  ],
);

/** A user who blocked another: no messages, challenges or follows from the blocked one. */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
  ],
);

/** A chat message reported to the moderators, with a copy of what it said. */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportedUserId: integer("reported_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    msgId: text("msg_id").notNull(),
    content: text("content").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reports_reporter_msg_idx").on(t.reporterId, t.msgId)],
);

/** Why coins moved: every change of users.wallet is one ledger row with one of these. */
/**
 * The wallet ledger, append-only. A trigger in the migration adds each row's amount to users.wallet in the same
 * statement, so a balance always equals the sum of its rows, and users' CHECK aborts any row that would take a
 * balance below zero. (user_id, reference) is unique: the same movement can never be applied twice.
 */
export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    /** Coins in (positive) or out (negative). */
    amount: integer("amount").notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    /** What the movement is for, e.g. `daily-bonus:2026-11-22` or `challenge:12:stake`. */
    reference: text("reference").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_user_reference_idx").on(t.userId, t.reference),
    index("ledger_user_reason_time_idx").on(t.userId, t.reason, t.createdAt),
    check("ledger_amount_not_zero", sql`${t.amount} <> 0`),
  ],
);

/**
 * SPEC.md §3 Challenge: a bet between two players on one game. The challenger's stake is held (a ledger row)
 * from creation, the acceptor's from acceptance; settlement pays both stakes to the higher score.
 */
export const challenges = sqliteTable(
  "challenges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: gameRef(),
    fromUserId: integer("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: integer("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    betAmount: integer("bet_amount").notNull(),
    message: text("message").notNull(),
    /** The challenger's server-accepted score the friend has to beat. */
    score: integer("score").notNull(),
    status: text("status", { enum: CHALLENGE_STATUSES })
      .notNull()
      .default("pending"),
    /** The acceptor's score, once submitted. */
    acceptorScore: integer("acceptor_score"),
    /** Null on a tie or before settlement. */
    winnerId: integer("winner_id"),
    /** A random token written by the one request that moves the challenge on; the ledger rows of that request
     * are only inserted where the challenge carries it, so a racing request moves no coins. */
    claim: text("claim"),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    /** The acceptor's first play session of the game after accepting: its round, and no other, settles it. */
    roundStatsId: integer("round_stats_id"),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("challenges_to_idx").on(t.toUserId, t.createdAt),
    index("challenges_from_idx").on(t.fromUserId, t.createdAt),
    index("challenges_expiry_idx").on(t.status, t.expiresAt),
    // Finds the challenge a kept run was the round of: such a run is shown only to the challenge's two players.
    index("challenges_round_idx").on(t.roundStatsId),
    // One open challenge per friend and game: a repeated request cannot hold the bet twice.
    uniqueIndex("challenges_open_idx")
      .on(t.fromUserId, t.toUserId, t.gameId)
      .where(sql`status in ('pending', 'accepted')`),
    check(
      "challenges_bet_positive",
      sql`${t.betAmount} > 0 and ${t.betAmount} % 5 = 0`,
    ),
    check("challenges_not_self", sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/** SPEC.md §3 Notification, stored for the list and pushed live through the user's hub. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    content: text("content").notNull(),
    /** JSON: what the popup needs, e.g. the challenge id and game. */
    data: text("data", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

/** A content block of a post (SPEC.md §3 Blog content[]): sanitised HTML text, or an image by media path. */
export type StoredBlogBlock =
  | { id: string; type: "text"; content: string }
  | { id: string; type: "img"; content: string; alt?: string };

/** SPEC.md §3 Blog: a writer's post; a draft is seen only by its author. */
export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The readable address /blog/{slug}: follows the title until the first publish, then never changes. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    /** Media path (R2 key) or a root-relative static path; null: the first image block stands in. */
    posterUrl: text("poster_url"),
    content: text("content", { mode: "json" })
      .$type<StoredBlogBlock[]>()
      .notNull(),
    status: text("status", { enum: BLOG_STATUSES }).notNull().default("draft"),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The public list: published posts, newest first.
    index("blog_posts_published_idx").on(t.status, t.publishedAt, t.id),
    index("blog_posts_author_idx").on(t.authorId, t.updatedAt),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;

/**
 * A result its player made public (/scores/{id}): a round of theirs (`scoreId`) or their side of a match (`matchId`),
 * exactly one. One share per result, so sharing again gives the same address. The name and score are kept as they
 * were when shared: the card drawn then (R2, `cards/scores/{id}.png`) shows the same.
 */
export const scoreShares = sqliteTable(
  "score_shares",
  {
    /** The public id: random, so shares cannot be found by counting. */
    id: text("id").primaryKey(),
    userId: userRef(),
    gameId: gameRef(),
    scoreId: integer("score_id").references(() => scores.id, {
      onDelete: "cascade",
    }),
    matchId: integer("match_id").references(() => matchResults.id, {
      onDelete: "cascade",
    }),
    score: integer("score").notNull(),
    playerName: text("player_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("score_shares_score_idx").on(t.scoreId),
    uniqueIndex("score_shares_match_player_idx").on(t.matchId, t.userId),
    index("score_shares_user_idx").on(t.userId, t.createdAt),
    check(
      "score_shares_one_result",
      sql`(${t.scoreId} is null) <> (${t.matchId} is null)`,
    ),
  ],
);

/**
 * A device's Web Push subscription (ADR 029): the push service's address and the browser's keys. One row per
 * endpoint, so a device signed in as someone else moves to them; dropped when the push service says it is gone.
 * At most `MAX_PUSH_DEVICES` a player: a new one drops the oldest.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: userRef(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** When sending to it last failed (ADR 034): skipped for a day, cleared when it works or the device subscribes. */
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** A kind of push (`PUSH_KINDS`) a player turned off; every kind not here is on. */
export const pushMuted = sqliteTable(
  "push_muted",
  {
    userId: userRef(),
    kind: text("kind", { enum: PUSH_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A private match invitation (ADR 026): to one friend, to whoever signed in opens its link first, or a rematch offer
 * to the other player of a match. The room's id is chosen when it is made; the taker claims it with one conditional
 * update, so two takers at once make one room.
 */
export const matchInvites = sqliteTable(
  "match_invites",
  {
    /** The link's code: random. */
    code: text("code").primaryKey(),
    kind: text("kind", { enum: MATCH_INVITE_KINDS }).notNull(),
    inviterId: integer("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The invited player; null for a link anyone signed in may take. */
    inviteeId: integer("invitee_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    gameId: gameRef(),
    /** The match a rematch offer would replay. */
    rematchOf: integer("rematch_of").references(() => matchResults.id, {
      onDelete: "cascade",
    }),
    roomId: text("room_id").notNull().unique(),
    /** Dealt when the invitation is taken. */
    seed: integer("seed"),
    takenBy: integer("taken_by").references(() => users.id, {
      onDelete: "cascade",
    }),
    /** Declined by the invitee or cancelled by the inviter. */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    closedBy: integer("closed_by"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("match_invites_rematch_idx").on(t.rematchOf),
    index("match_invites_inviter_idx").on(t.inviterId, t.createdAt),
  ],
);

/**
 * What a game keeps for a player through sdk.storage or a portal's `data` module (ADR 031): the whole data as JSON
 * text of [key, value] pairs, replaced on each write, within the limits of contract/game-data.ts.
 */
export const gameData = sqliteTable(
  "game_data",
  {
    userId: userRef(),
    gameId: gameRef(),
    data: text("data").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);
