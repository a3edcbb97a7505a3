import { z } from "zod";
import { idSchema, idValueSchema } from "./ids";
import { MATCH_CODE_PATTERN } from "./friend-matches-plain";

export * from "./friend-matches-plain";

export const matchCodeSchema = z
  .string()
  .max(22, "Unknown invitation")
  .regex(MATCH_CODE_PATTERN, "Unknown invitation");

/** POST /api/friend-matches: a game with a multiplayer mode, and the friend (none: a link for anyone). */
export const CreateMatchInviteSchema = z.object({
  gameId: idValueSchema("game"),
  friendId: idValueSchema("user").nullish(),
});

/** The same from the /match/new form: ids as text, an empty friend for a link anyone can take. */
export const CreateMatchInviteFormSchema = z.object({
  gameId: idSchema("game"),
  friendId: z.union([z.literal(""), idSchema("user")]).optional(),
});

/** POST /api/friend-matches/rematch: the match to play again. */
export const RematchSchema = z.object({ resultId: idValueSchema("match") });
