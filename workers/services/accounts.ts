import { and, count, eq, gt, min, sql } from "drizzle-orm";
import type { z } from "zod";
import { dailyBonusOf } from "#contract/coins";
import type { PublicProfile, UserData } from "#contract/types";
import {
  MESSAGES,
  type ProfileSchema,
  type SignUpSchema,
} from "#contract/validation";
import type { Db } from "../db/client";
import { loginAttempts, users, type UserRow } from "../db/schema";
import { ApiError, forbidden, notFound, tooManyRequests } from "./errors";
import { hashPassword, verifyPassword } from "./password";
import { FAILED_LOGIN_WINDOW_MS, MAX_FAILED_LOGINS } from "./rate-limits";
import type { UserHubs } from "./ports";

/** The caller's own account: everything but the password hash (the token is added by whoever made it). */
export function toUserData(user: UserRow): Omit<UserData, "token"> {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    first_name: user.firstName,
    phone_number: user.phoneNumber,
    address: user.address,
    gender: user.gender,
    profile_img: user.profileImg,
    profile_pic: user.profilePic,
    wallet: user.wallet,
    can_write: user.canWrite,
    ...dailyBonusOf(
      { loginDay: user.loginDay, on: user.lastBonusOn },
      Date.now(),
    ),
  };
}

/** What anybody may see of a user: never address, email, phone, password hash or token. */
export function toPublicProfile(user: UserRow): PublicProfile {
  return {
    _id: user.id,
    name: user.name,
    first_name: user.firstName,
    profile_img: user.profileImg,
    profile_pic: user.profilePic,
  };
}

const firstNameOf = (name: string) => name.trim().split(/[ _-]/)[0] || name;

const loginFailed = () =>
  new ApiError(401, "invalid_credentials", MESSAGES.loginFailed);

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes("UNIQUE constraint failed");
}

async function findByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user ?? null;
}

/**
 * Reserves one log-in attempt for this email and address in a single statement, before any password is checked: D1
 * runs writes one at a time, so of any number of concurrent guesses at most MAX_FAILED_LOGINS get a row, and only
 * they go on to hash. A wrong password keeps its row (the failure); a right one clears the email's rows.
 */
async function reserveAttempt(db: Db, email: string, ip: string, now: number) {
  const since = now - FAILED_LOGIN_WINDOW_MS;
  const reserved = await db.all(sql`
    insert into login_attempts (email, ip, created_at)
    select ${email}, ${ip}, ${now}
    where (select count(*) from login_attempts where email = ${email} and created_at > ${since}) < ${MAX_FAILED_LOGINS}
      and (select count(*) from login_attempts where ip = ${ip} and created_at > ${since}) < ${MAX_FAILED_LOGINS}
    returning id`);
  if (reserved.length > 0) return;
  throw tooManyRequests(...(await lockedOut(db, email, ip, now)));
}

/** The 429's message and wait: until the oldest attempt of the locked email or address is 15 minutes old. */
async function lockedOut(
  db: Db,
  email: string,
  ip: string,
  now: number,
): Promise<[string, number]> {
  const since = new Date(now - FAILED_LOGIN_WINDOW_MS);
  const recent = (
    column: typeof loginAttempts.email | typeof loginAttempts.ip,
    value: string,
  ) =>
    db
      .select({ attempts: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(eq(column, value), gt(loginAttempts.createdAt, since)));
  const [[byEmail], [byIp]] = await Promise.all([
    recent(loginAttempts.email, email),
    recent(loginAttempts.ip, ip),
  ]);
  const locked = [byEmail, byIp].filter(
    (row) => row.attempts >= MAX_FAILED_LOGINS && row.oldest,
  );
  // A row cleared by a success in between: the next try goes through, so ask for the shortest wait.
  const retryAt =
    locked.length > 0
      ? Math.max(
          ...locked.map(
            (row) => row.oldest!.getTime() + FAILED_LOGIN_WINDOW_MS,
          ),
        )
      : now + 1000;
  const seconds = (retryAt - now) / 1000;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return [
    `Too many failed log-ins. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    seconds,
  ];
}

export function createAccountService(db: Db, hubs: UserHubs) {
  return {
    async signUp(input: z.output<typeof SignUpSchema>): Promise<UserRow> {
      try {
        const [user] = await db
          .insert(users)
          .values({
            email: input.email,
            passwordHash: await hashPassword(input.Pwd_Hash),
            name: input.name,
            firstName: firstNameOf(input.name),
            phoneNumber: input.phone_number,
            gender: input.gender,
            address: input.address ?? null,
          })
          .returning();
        return user;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ApiError(409, "email_taken", MESSAGES.emailTaken);
        throw error;
      }
    },

    async logIn(
      email: string,
      password: string,
      ip: string,
      now = Date.now(),
    ): Promise<UserRow> {
      await reserveAttempt(db, email, ip, now);
      const user = await findByEmail(db, email);
      // Unknown email and wrong password look the same from outside, and cost the same hashing time.
      const ok = user?.passwordHash
        ? await verifyPassword(password, user.passwordHash)
        : (await hashPassword(password), false);
      if (!user || !ok) throw loginFailed();
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
      return user;
    },

    /** Google sign-in: the account with this Google id, else the one with this verified email (linked), else a new one. */
    async logInWithGoogle(identity: {
      sub: string;
      email: string;
      name: string;
      picture: string | null;
    }): Promise<UserRow> {
      const [linked] = await db
        .select()
        .from(users)
        .where(eq(users.googleSub, identity.sub))
        .limit(1);
      if (linked && (linked.emailVerifiedAt || linked.email !== identity.email))
        return linked;
      if (linked) {
        // Accounts from before issue #34: Google has verified the address it signs in with.
        const [user] = await db
          .update(users)
          .set({ emailVerifiedAt: new Date() })
          .where(eq(users.id, linked.id))
          .returning();
        return user;
      }
      const existing = await findByEmail(db, identity.email);
      if (existing) {
        const [user] = await db
          .update(users)
          .set({
            googleSub: identity.sub,
            profilePic: existing.profilePic ?? identity.picture,
            emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
          })
          .where(eq(users.id, existing.id))
          .returning();
        return user;
      }
      try {
        const [user] = await db
          .insert(users)
          .values({
            email: identity.email,
            googleSub: identity.sub,
            emailVerifiedAt: new Date(),
            name: identity.name,
            firstName: firstNameOf(identity.name),
            profilePic: identity.picture,
          })
          .returning();
        return user;
      } catch (error) {
        // Two first sign-ins raced: the other one created the account.
        if (isUniqueViolation(error))
          return await findByEmail(db, identity.email);
        throw error;
      }
    },

    async getUser(id: number): Promise<UserRow> {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      if (!user) throw notFound("User not found");
      return user;
    },

    async updateProfile(
      caller: UserRow,
      input: z.output<typeof ProfileSchema>,
    ): Promise<UserRow> {
      if (input._id !== undefined && input._id !== caller.id)
        throw forbidden("You can only change your own profile");
      if (
        input.profile_img &&
        !input.profile_img.startsWith("https://") &&
        !input.profile_img.startsWith(`profile/${caller.id}/`)
      ) {
        throw forbidden("That picture belongs to someone else");
      }
      const [user] = await db
        .update(users)
        .set({
          name: input.name,
          firstName: firstNameOf(input.name),
          phoneNumber: input.phone_number,
          address: input.address,
          gender: input.gender,
          profileImg: input.profile_img ?? caller.profileImg,
        })
        .where(eq(users.id, caller.id))
        .returning();
      if (user.name !== caller.name) await hubs.nameChanged(caller.id);
      return user;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
