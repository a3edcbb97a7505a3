import { z } from "zod";
import type { ChallengeOutcome } from "./coins";
import { idValueSchema } from "./ids";
import { MAX_MOVES } from "./moves";
import { logValue } from "./runs";

/** The highest score anything accepts: the game bridge, the room socket, a round, a challenge. */
export const MAX_SCORE = 1_000_000_000;
/** The longest play time a session records, in seconds: a day. */
const MAX_PLAY_TIME = 86_400;

/** A score as a request carries it; `label` names the field in the messages. */
export const scoreValue = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_SCORE, `${label} is too large`);

/** SPEC.md §3 Player moves: at most MAX_MOVES of { time, score }. */
export const movesSchema = z
  .array(
    z.object({
      time: z
        .number({ error: "Each move needs a time in milliseconds" })
        .int("Each move needs a time in milliseconds")
        .min(0, "A move's time cannot be negative"),
      score: scoreValue("A move's score"),
    }),
    { error: "moves must be a list of { time, score }" },
  )
  .max(MAX_MOVES, `A timeline has at most ${MAX_MOVES} moves`);

export const playTimeValue = z
  .number({ error: "play_time must be a number of seconds" })
  .min(0, "play_time cannot be negative")
  .max(MAX_PLAY_TIME, "play_time is too large");

/**
 * SPEC.md §7 POST /scores (score, player_id, game_id), extended so that one request ends a round: the play session,
 * its moves and play time, and the challenge or the bot match the round was played for.
 */
export const RoundSchema = z.object({
  score: scoreValue("score"),
  player_id: idValueSchema("player"),
  game_id: idValueSchema("game"),
  /** The play session (POST /api/gamestats); without it, the player's latest open session of the game. */
  stats_id: idValueSchema("play session").optional(),
  /**
   * Our own games: the round's input log, replayed on the server from the session's seed; the replay's score is
   * the one stored, and its timeline the one kept. External games send `moves` instead.
   */
  log: logValue.optional(),
  moves: movesSchema.optional(),
  /** Closes the session with this play time; without it the session stays open for PUT /api/gamestats/{id}. */
  play_time: playTimeValue.optional(),
  /** An accepted challenge this round answers (the acceptor's round): it is settled with the score. */
  challenge_id: idValueSchema("challenge").optional(),
  /** The recorded run (GET /api/player-move/{gameId}) this round was played against. */
  bot_id: idValueSchema("bot").optional(),
});

/** How many players GET /api/scores/{gameId} ranks. */
export const LEADERBOARD_SIZE = 10;

/** SPEC.md §3 Score entry: player_name is a list (the first is shown). */
export interface LeaderboardEntry {
  rank: number;
  player_id: number;
  player_name: string[];
  profile_img: string | null;
  score: number;
  /** The run of this best score, to watch (`watchPath`); null when none was kept or it is private to its players. */
  run_id: string | null;
  /** True when the score came from a round the server replayed; external games' scores are not. */
  verified: boolean;
}

/** SPEC.md §3 High score record, with the player's place on the board (null before their first score). */
export interface HighScore {
  score: number;
  rank: number | null;
}

/** The answer to a round: what the result screen shows, without asking again. */
export interface RoundResult {
  /** The stored score's id. */
  _id: number;
  score: number;
  stats_id: number;
  /** The play time the session closed with, or null while it stays open. */
  play_time: number | null;
  /** The player's best on the game and its rank, this round included. */
  best: HighScore;
  /** The challenge as it stands after this round, with the caller's new wallet. */
  challenge: ChallengeOutcome | null;
  /** The match result against a bot, for /summary/{id}. */
  match_id: number | null;
  /** True when the round is held for a fair-play review (ADR 032): off the boards, its challenge unsettled. */
  held: boolean;
}
/** The name a board shows for an entry: the first of SPEC.md's player_name list. */
export const shownName = (entry: LeaderboardEntry) =>
  entry.player_name[0] ?? "";

/** GET /api/scores/{gameId}?scope=following: only the signed-in caller and the people they follow. */
export const LeaderboardQuerySchema = z.object({
  scope: z
    .enum(["everyone", "following"], {
      error: "scope must be everyone or following",
    })
    .default("everyone"),
});

export type LeaderboardScope = z.infer<typeof LeaderboardQuerySchema>["scope"];

/** A game's all-time board as a page shows it: the entries and the signed-in player's own best and rank. */
export interface BoardData {
  entries: LeaderboardEntry[];
  standing: HighScore | null;
}

/**
 * The pages' board reads (`/boards/{gameId}`, a route loader): the all-time board, everyone's or the people the
 * viewer follows, or a tournament period's board.
 */
export const BoardQuerySchema = LeaderboardQuerySchema.extend({
  period: z
    .enum(["daily", "weekly", "all"], {
      error: "period must be daily, weekly or all",
    })
    .default("all"),
});

/** Where a page's board loads from (app/routes/boards.$gameId.ts). */
export function boardPath(
  gameId: number,
  query: { scope?: LeaderboardScope; period?: "daily" | "weekly" | "all" },
): string {
  const search = new URLSearchParams();
  if (query.scope && query.scope !== "everyone")
    search.set("scope", query.scope);
  if (query.period && query.period !== "all")
    search.set("period", query.period);
  const text = search.toString();
  return text ? `/boards/${gameId}?${text}` : `/boards/${gameId}`;
}
