import { z } from "zod";
import { boundedString } from "./input";

/** POST /api/user/login/google: the ID token Google Identity Services handed the page. */
export const GoogleCredentialSchema = z.object({
  credential: z
    .string({ error: "Google sign-in failed. Please try again." })
    .min(20)
    .max(8192),
});

/** SPEC.md §7 POST /api/session (user, socket, token): the client reports its socket for its session. */
export const SessionUpdateSchema = z.object({
  user: z.coerce
    .number({ error: "Invalid user" })
    .int()
    .positive("Invalid user"),
  socket: z.string().max(128, "Invalid socket id").nullish(),
  // Pages never see their token (it lives in the httpOnly cookie), so they leave it out; API clients may still send it.
  token: z
    .string()
    .min(1, "Invalid token")
    .max(256, "Invalid token")
    .optional(),
});

/** A friend's invite code sent along with a sign-up; one that is not a code is ignored, like an unknown one. */
export const InviteSchema = z.object({
  invite: boundedString(64, "Invalid invite code").optional(),
});
