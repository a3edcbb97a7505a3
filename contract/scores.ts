import { z } from "zod";
import { idValueSchema } from "./ids";
import { MAX_MOVES } from "./moves";
import { logValue } from "./runs";
import { MAX_SCORE, MAX_PLAY_TIME } from "./scores-plain";

export * from "./scores-plain";

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

/** GET /api/scores/{gameId}?scope=following: only the signed-in caller and the people they follow. */
export const LeaderboardQuerySchema = z.object({
  scope: z
    .enum(["everyone", "following"], {
      error: "scope must be everyone or following",
    })
    .default("everyone"),
});

export type LeaderboardScope = z.infer<typeof LeaderboardQuerySchema>["scope"];

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
