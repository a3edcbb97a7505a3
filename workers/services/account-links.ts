import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import {
  ACCOUNT_LINK_TEXT,
  ForgotPasswordSchema,
  LinkTokenSchema,
  RESET_LINK_MINUTES,
  ResetPasswordSchema,
  VERIFY_LINK_DAYS,
  type LinkState,
} from "#contract/account-links";
import type { AccountTokenPurpose } from "#contract/moderation";
import type { Db } from "../db/client";
import { accountTokens, users, type UserRow } from "../db/schema";
import { ApiError } from "./errors";
import type { Mailer } from "./mail";
import { composeMail } from "./mail-layout";
import { parseFields } from "./parse";
import { hashPassword } from "./password";
import { clientAddress, type RateLimiter } from "./rate-limits";
import type { SessionService } from "./sessions";
import { hashToken, randomToken } from "./tokens";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RESET_TTL_MS = RESET_LINK_MINUTES * MINUTE;
const VERIFY_TTL_MS = VERIFY_LINK_DAYS * DAY;
/** An unverified address may still get a reset link within its account's first day (issue #34). */
const UNVERIFIED_RESET_WINDOW_MS = DAY;

const linkRefused = (state: Exclude<LinkState, "valid">) =>
  new ApiError(
    state === "unknown" ? 404 : 410,
    `link_${state}`,
    {
      used: ACCOUNT_LINK_TEXT.linkUsed,
      expired: ACCOUNT_LINK_TEXT.linkExpired,
      unknown: ACCOUNT_LINK_TEXT.linkUnknown,
    }[state],
  );

/** A new link for `user`; the earlier unused ones of the same purpose stop working. */
async function issue(
  db: Db,
  user: Pick<UserRow, "id" | "email">,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  now: number,
): Promise<string> {
  const token = randomToken();
  await db.batch([
    db
      .update(accountTokens)
      .set({ expiresAt: new Date(now) })
      .where(
        and(
          eq(accountTokens.userId, user.id),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, new Date(now)),
        ),
      ),
    db.insert(accountTokens).values({
      tokenHash: await hashToken(token),
      userId: user.id,
      purpose,
      email: user.email,
      expiresAt: new Date(now + ttlMs),
    }),
  ]);
  return token;
}

/** Uses the link once: the row whose `used_at` this request set, or the reason it cannot be used. */
async function consume(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
  now: number,
) {
  const tokenHash = await hashToken(parseFields(LinkTokenSchema, token));
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  if (used) return used;
  const state = await stateOf(db, tokenHash, purpose, now);
  throw linkRefused(state === "valid" ? "used" : state);
}

async function stateOf(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: number,
): Promise<LinkState> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
      ),
    )
    .limit(1);
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt.getTime() > now ? "valid" : "expired";
}

/**
 * The single-use links mailed to an account (ADR 044): a forgotten password and the verification of its address.
 * A link is 256 random bits of which only the SHA-256 is stored; using one is a conditional UPDATE, so of two tabs
 * racing with the same link exactly one wins.
 */
export function createAccountLinks(
  db: Db,
  {
    mailer,
    sessions,
    limits,
    origin,
  }: {
    mailer: Mailer;
    sessions: Pick<SessionService, "revokeAll">;
    limits: RateLimiter;
    origin: string;
  },
) {
  /** A verification link opened again (a reload, a second tab) after it verified its address still says so. */
  async function usedOnVerifiedAccount(token: string, error: unknown) {
    if (!(error instanceof ApiError) || error.code !== "link_used") throw error;
    const [row] = await db
      .select({ userId: accountTokens.userId, email: accountTokens.email })
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(
        and(
          eq(accountTokens.tokenHash, await hashToken(token)),
          eq(users.email, accountTokens.email),
          isNotNull(users.emailVerifiedAt),
        ),
      )
      .limit(1);
    if (!row) throw error;
    return row;
  }

  async function sendVerification(
    user: Pick<UserRow, "id" | "email">,
    now = Date.now(),
  ): Promise<void> {
    const token = await issue(db, user, "verify_email", VERIFY_TTL_MS, now);
    await mailer.send(
      composeMail(
        {
          to: user.email,
          subject: "Verify your e-mail address",
          heading: "Is this your address?",
          paragraphs: [
            "Open the link below to confirm that this address belongs to your Playfeed account. We need it to send you a link if you ever forget your password.",
            `The link works for ${VERIFY_LINK_DAYS} days. If you did not sign up for Playfeed, ignore this mail.`,
          ],
          action: {
            label: "Verify my address",
            url: `${origin}/verify-email/${token}`,
          },
        },
        origin,
      ),
    );
  }

  /** The reset mail, when `email` is an account's verified address or its sign-up address within its first day. */
  async function mailResetLink(email: string, now = Date.now()): Promise<void> {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.deletedAt) return;
    const fresh = user.createdAt.getTime() > now - UNVERIFIED_RESET_WINDOW_MS;
    if (!user.emailVerifiedAt && !fresh) return;
    const token = await issue(db, user, "password_reset", RESET_TTL_MS, now);
    await mailer.send(
      composeMail(
        {
          to: user.email,
          subject: "Choose a new Playfeed password",
          heading: "Forgot your password?",
          paragraphs: [
            `Someone, we hope you, asked to choose a new password for the Playfeed account of ${user.email}. The link below works once, for ${RESET_LINK_MINUTES} minutes.`,
            "If it was not you, ignore this mail: your password stays as it is.",
          ],
          action: {
            label: "Choose a new password",
            url: `${origin}/reset-password/${token}`,
          },
        },
        origin,
      ),
    );
  }

  return {
    /**
     * /forgot-password: counts the request against both limits and reads the address, the same work for any
     * address. The caller answers at once and hands the returned work (finding the account, mailing it) to
     * `waitUntil`, so neither the answer nor its timing tells whether an account uses the address.
     */
    async requestPasswordReset(
      payload: unknown,
      request: Request,
    ): Promise<() => Promise<void>> {
      const { email } = parseFields(ForgotPasswordSchema, payload);
      await limits.hit("passwordResetPerAddress", clientAddress(request));
      await limits.hit("passwordResetPerEmail", email);
      return () => mailResetLink(email);
    },

    mailResetLink,

    /** What the reset page shows before the form is sent: the form, or why the link no longer works. */
    async linkState(
      token: string,
      purpose: AccountTokenPurpose,
      now = Date.now(),
    ): Promise<LinkState> {
      if (!LinkTokenSchema.safeParse(token).success) return "unknown";
      return stateOf(db, await hashToken(token), purpose, now);
    },

    /**
     * Sets the new password through the link, once, and signs the account out everywhere (its sockets close). The
     * link came to the address, so the address counts as verified. A Google-only account gets its first password.
     */
    async resetPassword(
      token: string,
      payload: unknown,
      now = Date.now(),
    ): Promise<void> {
      const { password } = parseFields(ResetPasswordSchema, payload);
      const passwordHash = await hashPassword(password);
      const { userId, email } = await consume(db, token, "password_reset", now);
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date(now) })
        .where(
          and(
            eq(users.id, userId),
            eq(users.email, email),
            isNull(users.emailVerifiedAt),
          ),
        );
      await sessions.revokeAll(userId);
    },

    sendVerification,

    /** "Send the link again" on the profile: limited per account, since each one is a mail. */
    async resendVerification(user: UserRow): Promise<{ sent: boolean }> {
      if (user.emailVerifiedAt) return { sent: false };
      await limits.hit("verifyMailPerUser", user.id);
      await sendVerification(user);
      return { sent: true };
    },

    /** The verification link: the address it was sent to is verified, if the account still uses that address. */
    async verifyEmail(token: string, now = Date.now()): Promise<void> {
      const { userId, email } = await consume(
        db,
        token,
        "verify_email",
        now,
      ).catch((error: unknown) => usedOnVerifiedAccount(token, error));
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date(now) })
        .where(and(eq(users.id, userId), eq(users.email, email)));
    },
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;
