import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { ROUND_REVIEWS } from "#contract/fair-play";
import { newRunId } from "#contract/runs";
import { PERIODS } from "#contract/tournaments";
import { userRef } from "./accounts";
import { gameRef } from "./catalogue";
import { createdAt } from "./columns";

// Rounds and their scores: play sessions, visitor rounds, best scores and ranks, tournaments, recorded moves.

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
    // With created_at: a player's sessions of a game on one day are counted in bounded rows (ADR 027 attempts). Its
    // prefix serves every read by player alone, and the cascade of a deleted account (ADR 047 dropped the index of
    // user_id and created_at, which nothing else read: one write less a session).
    index("game_stats_user_game_idx").on(t.userId, t.gameId, t.createdAt),
    // Only claimed visitors' rounds have one: the rest would each be an entry of null (ADR 047).
    uniqueIndex("game_stats_visitor_round_idx")
      .on(t.visitorRoundId)
      .where(sql`${t.visitorRoundId} is not null`),
    // A game's developers' dashboard: its sessions by day, and each player's first and later days (issue #33).
    index("game_stats_game_idx").on(t.gameId, t.createdAt),
    index("game_stats_game_user_idx").on(t.gameId, t.userId, t.createdAt),
    // The hourly prune walks sessions by age (ADR 047).
    index("game_stats_created_idx").on(t.createdAt),
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
  (t) => [
    index("visitor_rounds_created_idx").on(t.createdAt),
    index("visitor_rounds_game_idx").on(t.gameId, t.createdAt),
  ],
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
    // Only reviewed rounds: the held queue reads it, and the rest (nearly every round) would each be an entry.
    index("scores_review_idx")
      .on(t.review, t.createdAt)
      .where(sql`${t.review} is not null`),
    index("scores_user_game_idx").on(t.userId, t.gameId, t.createdAt),
    index("scores_user_time_idx").on(t.userId, t.createdAt),
    index("scores_created_idx").on(t.createdAt),
  ],
);

/**
 * Each player's best score per game, kept beside the scores in the same batch: the leaderboard reads the top of
 * one index, and a rank adds up the count trees below (ADR 020). Ties go to whoever reached the score first (the
 * lower arrival), then to the lower id.
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
     * latest arrival's, in the order the rounds' batches committed. The board orders a tie by it, and a rank counts
     * the tied players ahead in bounded rows: the seven below it in the rank index, and the arrival tree above them.
     */
    arrival: integer("arrival").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index("best_scores_rank_idx").on(
      t.gameId,
      sql`${t.score} desc`,
      t.arrival,
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

/**
 * ADR 020: the same tree over best_scores.arrival within one game's score, for the tied players ahead, from level 1
 * (the rank index holds level 0), each level kept only once an arrival at that score reaches it (migration 0036).
 */
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
    /** Only rows from before ADR 047, until the hourly job has moved them to R2; new runs never write it. */
    inputLog: text("input_log"),
    /** The input log's length when it is kept in R2 (`runLogKey(publicId)`), else null: the run cannot be replayed. */
    logBytes: integer("log_bytes"),
    steps: integer("steps"),
    /** The run's public id (`/watch/{publicId}`): random, never the session's sequential id. */
    publicId: text("public_id").notNull().$defaultFn(newRunId),
    createdAt: createdAt(),
  },
  (t) => [
    index("player_moves_game_idx").on(t.gameId, t.createdAt),
    uniqueIndex("player_moves_public_id_idx").on(t.publicId),
    index("player_moves_created_idx").on(t.createdAt),
    // The rows whose logs are still in D1, for the hourly move to R2 (ADR 047).
    index("player_moves_log_in_d1_idx")
      .on(t.id)
      .where(sql`${t.inputLog} is not null`),
  ],
);
