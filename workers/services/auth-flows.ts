import { GoogleCredentialSchema, InviteSchema } from "#contract/accounts";
import { suspendedMessage } from "#contract/moderation-queue";
import type { ApiSignedIn } from "#contract/types";
import { LoginSchema, SignUpSchema } from "#contract/validation";
import type { AccountLinks } from "./account-links";
import { toUserData, type AccountService } from "./accounts";
import { ApiError } from "./errors";
import { verifyGoogleIdToken, type GoogleConfig } from "./google";
import { parseFields } from "./parse";
import { clientAddress, type RateLimiter } from "./rate-limits";
import type { SessionService } from "./sessions";
import type { SocialService } from "./social";

/**
 * Sign-up and log-in as one flow for both doors: the JSON API (token in the body, for API clients) and the pages'
 * actions, which put the token only in the httpOnly cookie and strip it from what they answer (app/server/auth.server.ts).
 * Payloads are untrusted and parsed here.
 */
export function createAuthFlows(
  accounts: AccountService,
  sessions: SessionService,
  google: GoogleConfig,
  limits: RateLimiter,
  social: SocialService,
  { accountLinks }: { accountLinks: Pick<AccountLinks, "sendVerification"> },
) {
  async function startSession(
    user: Parameters<typeof toUserData>[0],
    request: Request,
  ): Promise<ApiSignedIn> {
    // Issue #34: a suspended account gets no session, by password or Google, and is told why.
    if (user.suspendedAt)
      throw new ApiError(
        403,
        "suspended",
        suspendedMessage(user.suspendedReason ?? ""),
      );
    const token = await sessions.create(user.id, request);
    return { user: { ...toUserData(user), token }, token };
  }

  return {
    /**
     * `request` tells the caller's address: sign-ups are limited per address. Signing up through a friend's invite
     * link (`invite` in the payload) makes the two friends.
     */
    async signUp(payload: unknown, request: Request): Promise<ApiSignedIn> {
      const input = parseFields(SignUpSchema, payload);
      await limits.hit("signUpPerAddress", clientAddress(request));
      const user = await accounts.signUp(input);
      // The account stands without the mail; the profile offers to send the link again.
      await accountLinks
        .sendVerification(user)
        .catch((error: unknown) =>
          console.error("the verification mail was not sent", error),
        );
      const invite = InviteSchema.safeParse(payload);
      if (invite.success && invite.data.invite)
        await social.acceptInvite(user.id, invite.data.invite);
      return startSession(user, request);
    },

    /** `request` tells the caller's address, for the per-address lock-out. */
    async logIn(payload: unknown, request: Request): Promise<ApiSignedIn> {
      const { email, password } = parseFields(LoginSchema, payload);
      return startSession(
        await accounts.logIn(email, password, clientAddress(request)),
        request,
      );
    },

    async logInWithGoogle(
      payload: unknown,
      request: Request,
    ): Promise<ApiSignedIn> {
      const { credential } = parseFields(GoogleCredentialSchema, payload);
      await limits.hit("googleLogInPerAddress", clientAddress(request));
      return startSession(
        await accounts.logInWithGoogle(
          await verifyGoogleIdToken(credential, google),
        ),
        request,
      );
    },
  };
}
