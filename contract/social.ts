import { z } from "zod";
import { idSchema, idValueSchema } from "./ids";
import { boundedString, digits } from "./input";

export * from "./social-plain";

/** GET /api/social/find?q=&page=. */
export const FindQuerySchema = z.object({
  q: boundedString(60, "Search for at most 60 characters")
    .trim()
    .optional()
    .default(""),
  page: digits("page must be a whole number from 0")
    .pipe(
      z
        .number()
        .min(0, "page cannot be negative")
        .max(5_000, "page is too large"),
    )
    .default(0),
});

/** POST /api/social/follow and /unfollow. */
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

/** POST /api/social/block and /unblock. */
export const BlockSchema = z.object({ user_id: idValueSchema("user") });

const messageIdSchema = boundedString(64, "Invalid message id").min(
  1,
  "Invalid message id",
);
const reportReasonSchema = boundedString(
  500,
  "Keep the reason under 500 characters",
  "Say why you report this message",
)
  .trim()
  .min(1, "Say why you report this message");

/** POST /api/social/report: a chat message reported with a reason. */
export const ReportSchema = z.object({
  user_id: idValueSchema("user"),
  msg_id: messageIdSchema,
  reason: reportReasonSchema,
});

/**
 * What the Social page posts to its action (`/social`), one intent per use case: the same service calls as
 * DELETE /api/social/unfriend/{id}, POST and DELETE /api/social/block and POST /api/social/report.
 */
export const SocialFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("unblock"), user_id: idSchema("user") }),
    z.object({ intent: z.literal("block"), user_id: idSchema("user") }),
    z.object({ intent: z.literal("unfriend"), user_id: idSchema("user") }),
    z.object({
      intent: z.literal("report"),
      user_id: idSchema("user"),
      msg_id: messageIdSchema,
      reason: reportReasonSchema,
    }),
  ],
  { error: "Choose Unblock, Block, Unfriend or Report" },
);
