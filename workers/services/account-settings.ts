import { and, desc, eq, gt, isNull } from "drizzle-orm";
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  EMAIL_CHANGE_LINK_HOURS,
  EmailTokenSchema,
  SETTINGS_MESSAGES,
  SignOutDeviceSchema,
  type SettingsView,
} from "#contract/settings";
import type { Db } from "../db/client";
import { accountTokens, users, type UserRow } from "../db/schema";
import { ApiError, badRequest } from "./errors";
import type { Mailer } from "./mail";
import { composeMail } from "./mail-layout";
import { parseFields, parseInput } from "./parse";
import { hashPassword, verifyPassword } from "./password";
import type { RateLimiter } from "./rate-limits";
import { isUniqueViolation } from "./round-rules";
import type { SessionService } from "./sessions";
import { hashToken, randomToken } from "./tokens";
import { describeUserAgent } from "./user-agent";

const LINK_MS = EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000;

const fieldProblem = (status: 400 | 409, field: string, message: string) =>
  new ApiError(status, "invalid_field", message, { [field]: message });

/** The new address waiting for its link, if one is live. */
async function pendingEmail(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, "change_email"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** An unused change-of-address link by its token: live, or why not. */
async function linkOf(db: Db, token: string) {
  const tokenHash = await hashToken(parseInput(EmailTokenSchema, token));
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, "change_email"),
      ),
    )
    .limit(1);
  if (!row || row.usedAt) throw badRequest(SETTINGS_MESSAGES.linkInvalid);
  if (row.expiresAt.getTime() <= Date.now())
    throw new ApiError(410, "link_expired", SETTINGS_MESSAGES.linkExpired);
  return row;
}

/** The link to the new address. */
function linkMail(user: UserRow, to: string, token: string, origin: string) {
  return composeMail(
    {
      to,
      subject: "Confirm your new Playfeed e-mail address",
      heading: "Confirm your new e-mail address",
      paragraphs: [
        `${user.name} asked to use ${to} for their Playfeed account.`,
        `The link works once, for ${EMAIL_CHANGE_LINK_HOURS} hours. If this was not you, ignore this mail: nothing changes.`,
      ],
      action: {
        label: "Confirm this address",
        url: `${origin}/confirm-email/${token}`,
      },
    },
    origin,
  );
}

/** The old address hears of a change asked for, so a stolen session cannot move the account away unnoticed. */
function noticeMail(to: string, newEmail: string, origin: string) {
  return composeMail(
    {
      to,
      subject: "Your Playfeed e-mail address is being changed",
      heading: "Your e-mail address is being changed",
      paragraphs: [
        `Your Playfeed e-mail address is being changed to ${newEmail}; if this was not you, change your password.`,
        "Nothing changes until the link sent to the new address is used.",
      ],
      action: { label: "Open your settings", url: `${origin}/settings` },
    },
    origin,
  );
}

function changedMail(to: string, newEmail: string, origin: string) {
  return composeMail(
    {
      to,
      subject: "Your Playfeed e-mail address was changed",
      heading: "Your e-mail address was changed",
      paragraphs: [
        `Your Playfeed account now uses ${newEmail}. You sign in with that address from now on.`,
        "If this was not you, change your password and write to us through the contact page.",
      ],
      action: { label: "Contact us", url: `${origin}/contact` },
    },
    origin,
  );
}

export interface AccountSettingsDeps {
  sessions: SessionService;
  mailer: Mailer;
  limits: RateLimiter;
  /** APP_ORIGIN: links in mails are absolute. */
  origin: string;
}

/**
 * Issue #34's account settings, one use case per method for /settings and /confirm-email/{token}: the caller is the
 * signed-in user and `token` their own session, which a password change and "sign out everywhere else" keep.
 */
export function createAccountSettings(db: Db, deps: AccountSettingsDeps) {
  const { sessions, mailer, limits, origin } = deps;

  /** The current password, checked under a limit so a stolen session cannot guess it. */
  async function checkPassword(user: UserRow, password: string) {
    if (!user.passwordHash) throw badRequest(SETTINGS_MESSAGES.noPassword);
    await limits.hit("settingsPasswordPerUser", user.id);
    if (!(await verifyPassword(password, user.passwordHash)))
      throw fieldProblem(
        400,
        "current_password",
        SETTINGS_MESSAGES.wrongPassword,
      );
  }

  async function emailTaken(email: string, userId: number) {
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return owner !== undefined && owner.id !== userId;
  }

  return {
    async view(user: UserRow, token: string): Promise<SettingsView> {
      const [rows, current, pending] = await Promise.all([
        sessions.list(user.id),
        hashToken(token),
        pendingEmail(db, user.id),
      ]);
      const currentKey = current.slice(0, 32);
      return {
        email: user.email,
        hasPassword: user.passwordHash !== null,
        pendingEmail: pending,
        devices: rows.map((row) => ({
          key: row.key,
          device: describeUserAgent(row.userAgent),
          country: row.country,
          lastSeenAt: row.lastSeenAt.getTime(),
          current: row.key === currentKey,
        })),
      };
    },

    /** A new password; every other session ends and its sockets close, this one stays signed in. */
    async changePassword(user: UserRow, token: string, payload: unknown) {
      const input = parseFields(ChangePasswordSchema, payload);
      await checkPassword(user, input.current_password);
      if (input.new_password === input.current_password)
        throw fieldProblem(400, "new_password", SETTINGS_MESSAGES.samePassword);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.new_password) })
        .where(eq(users.id, user.id));
      await sessions.revokeAll(user.id, token);
    },

    /** Mails a single-use link to the new address and a notice to the old one; nothing changes until it is used. */
    async requestEmailChange(user: UserRow, payload: unknown) {
      const input = parseFields(ChangeEmailSchema, payload);
      if (input.new_email === user.email)
        throw fieldProblem(400, "new_email", SETTINGS_MESSAGES.sameEmail);
      await checkPassword(user, input.current_password);
      if (await emailTaken(input.new_email, user.id))
        throw fieldProblem(409, "new_email", SETTINGS_MESSAGES.emailTaken);
      await limits.hit("emailChangePerUser", user.id);
      const token = randomToken();
      // Only the latest link works: an earlier one, perhaps to a mistyped address, is retired with it.
      await db.batch([
        db
          .update(accountTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(accountTokens.userId, user.id),
              eq(accountTokens.purpose, "change_email"),
              isNull(accountTokens.usedAt),
            ),
          ),
        db.insert(accountTokens).values({
          tokenHash: await hashToken(token),
          userId: user.id,
          purpose: "change_email",
          email: input.new_email,
          expiresAt: new Date(Date.now() + LINK_MS),
        }),
      ]);
      await mailer.send(linkMail(user, input.new_email, token, origin));
      await mailer.send(noticeMail(user.email, input.new_email, origin));
      return { pendingEmail: input.new_email };
    },

    /** The new address a link would confirm, without using it (the page asks before it changes anything). */
    async emailForLink(token: string): Promise<string> {
      return (await linkOf(db, token)).email;
    },

    /** Uses the link once: the account's address becomes the new one, proven, and the old address is told. */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const link = await linkOf(db, token);
      if (await emailTaken(link.email, link.userId))
        throw new ApiError(409, "email_taken", SETTINGS_MESSAGES.emailTaken);
      const [previous] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, link.userId))
        .limit(1);
      const now = new Date();
      // Single use: of two clicks at once, only one finds the row still unused.
      const claimed = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, link.tokenHash),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .returning({ userId: accountTokens.userId });
      if (claimed.length === 0) throw badRequest(SETTINGS_MESSAGES.linkInvalid);
      try {
        await db
          .update(users)
          .set({ email: link.email, emailVerifiedAt: now })
          .where(eq(users.id, link.userId));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new ApiError(409, "email_taken", SETTINGS_MESSAGES.emailTaken);
      }
      sessions.forget();
      if (previous)
        await mailer.send(changedMail(previous.email, link.email, origin));
      return { email: link.email };
    },

    /** Signs out one other device of the caller. */
    async signOutDevice(user: UserRow, token: string, payload: unknown) {
      const { session } = parseFields(SignOutDeviceSchema, payload);
      if (!(await sessions.revokeByKey(user.id, session, token)))
        throw new ApiError(404, "not_found", SETTINGS_MESSAGES.deviceGone);
    },

    /** Signs out every device of the caller but this one; how many were. */
    signOutOthers: (user: UserRow, token: string) =>
      sessions.revokeAll(user.id, token),
  };
}
