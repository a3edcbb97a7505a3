import { z } from "zod";
import { idValueSchema } from "./ids";
import { boundedString } from "./input";

/** GET /api/game/published?user=: SPEC.md §7 lets the user id be empty. */
export const PublishedQuerySchema = z.object({
  user: boundedString(15, "Invalid user id")
    .regex(/^([1-9]\d{0,14})?$/, "Invalid user id")
    .optional(),
});

/** POST /api/game/like. */
export const LikeSchema = z.object({
  game_id: idValueSchema("game"),
  user_id: idValueSchema("user"),
  type: z.enum(["like", "dislike"], { error: "type must be like or dislike" }),
});

export interface LikeAnswer {
  game_id: number;
  is_liked: boolean;
  total_likes: number;
}

const STARS = "Please choose 1 to 5 stars";

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
  saved: z.boolean({ error: "saved must be true or false" }),
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
});
