import { z } from "zod";
import { idSchema, idValueSchema } from "./ids";

/** POST /api/social/follow (SPEC.md §7): `from` must be the caller. */
export const FollowSchema = z.object({
  from: idValueSchema("user"),
  to: idValueSchema("user"),
});

/** The pages' Follow and Unfollow buttons: the caller is whoever is signed in. */
export const FollowFormSchema = z.object({
  intent: z.enum(["follow", "unfollow"], {
    error: "Choose Follow or Unfollow",
  }),
  to: idSchema("user"),
});
