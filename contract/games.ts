import { z } from "zod";
import { idSchema } from "./ids";
import { boundedString, jsonId } from "./input";

/** The like, rate and save requests: the JSON API (SPEC.md §7) and the pages' forms (text fields) read the same fields. */

export const RATING_MESSAGE = "Please choose 1 to 5 stars";

const LikeType = z.enum(["like", "dislike"], {
  error: "type must be like or dislike",
});
const SAVED_MESSAGE = "saved must be true or false";

export const LikeSchema = z.object({
  game_id: jsonId("game"),
  user_id: jsonId("user"),
  type: LikeType,
});

export const RateSchema = z.object({
  game: jsonId("game"),
  value: z
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
});

export const SaveSchema = z.object({
  game_id: jsonId("game"),
  saved: z.boolean({ error: SAVED_MESSAGE }),
});

/** A page's like form: the caller is whoever is signed in, so no user id travels. */
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
