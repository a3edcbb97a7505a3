import { z } from "zod";
import { ROOM_ID_PATTERN } from "./protocol";
import { idSchema, idValueSchema } from "./ids";
import { boundedString } from "./input";

/** GET /api/game/published?user=: SPEC.md §7 lets the user id be empty. */
export const PublishedQuerySchema = z.object({
  user: boundedString(15, "Invalid user id")
    .regex(/^([1-9]\d{0,14})?$/, "Invalid user id")
    .optional(),
});

const LikeType = z.enum(["like", "dislike"], {
  error: "type must be like or dislike",
});

/** POST /api/game/like. */
export const LikeSchema = z.object({
  game_id: idValueSchema("game"),
  user_id: idValueSchema("user"),
  type: LikeType,
});

export interface LikeAnswer {
  game_id: number;
  is_liked: boolean;
  total_likes: number;
}

/** The rating message, shared by the JSON API and the pages' rate form. */
const RATING_MESSAGE = "Please choose 1 to 5 stars";
const STARS = RATING_MESSAGE;
const SAVED_MESSAGE = "saved must be true or false";

/** POST /api/game/rate. */
export const RateSchema = z.object({
  game: idValueSchema("game"),
  value: z.number({ error: STARS }).int(STARS).min(1, STARS).max(5, STARS),
});

export interface RateAnswer {
  game: number;
  value: number;
  avgRating: number;
  ratingCount: number;
}

/** POST /api/game/save. */
export const SaveSchema = z.object({
  game_id: idValueSchema("game"),
  saved: z.boolean({ error: SAVED_MESSAGE }),
});

export interface SaveAnswer {
  game_id: number;
  is_saved: boolean;
}

/** The type of a round: 0 normal, 1 challenge, 2 multiplayer. */
const gameType = (field: string) => {
  const message = `${field} must be 0, 1 or 2`;
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(2, message)
    .default(0);
};

/** POST /api/user/play: a round started. */
export const PlayedSchema = z.object({
  game: idValueSchema("game"),
  type: gameType("type"),
});

/** POST /api/gamestats: opens the play session a round's score is checked against. */
export const StartSessionSchema = z.object({
  game_id: idValueSchema("game"),
  game_type: gameType("game_type"),
  /** A match's session: it gets the match's seed, and only such sessions count in the match's result. */
  room_id: z
    .string({ error: "room_id must be text" })
    .max(64, "room_id is not a match's id")
    .regex(ROOM_ID_PATTERN, "room_id is not a match's id")
    .optional(),
});

/** The answer to POST /api/gamestats: the session and the seed its round must be played from. */
export interface PlaySession {
  _id: number;
  game_id: number;
  game_type: number;
  play_time: number;
  seed: number;
  /** The accepted challenge this session's round settles, if any. */
  challenge_id: number | null;
  /** True when the round will be replayed on the server (our own games). */
  verified: boolean;
}

/** The pages' forms carry the same fields as text; the caller is whoever is signed in, so no user id travels. */
export const LikeFormSchema = z.object({
  game_id: idSchema("game"),
  type: LikeType,
});

export const RateFormSchema = z.object({
  game: idSchema("game"),
  value: boundedString(1, RATING_MESSAGE)
    .regex(/^[1-5]$/, RATING_MESSAGE)
    .transform(Number),
});

export const SaveFormSchema = z.object({
  game_id: idSchema("game"),
  saved: z
    .enum(["true", "false"], { error: SAVED_MESSAGE })
    .transform((value) => value === "true"),
});
