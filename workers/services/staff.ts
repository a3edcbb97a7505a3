import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import type { UserRole } from "#contract/moderation";
import { canModerate } from "#contract/moderation";
import type { StaffRole } from "#contract/reports";
import type { Db } from "../db/client";
import { games, scores, users } from "../db/schema";
import { ApiError, notFound } from "./errors";
import type { createFairPlayService, HeldRound } from "./fair-play";
import type { ModerationLog } from "./moderation-log";
import type { NotificationService } from "./notifications";

type FairPlay = ReturnType<typeof createFairPlayService>;

const notAllowed = () => notFound("Page not found");

/**
 * Issue #34: who may run the platform, and the held rounds a moderator decides. Every change is written to the audit
 * log right after it succeeds; every call checks the caller's role again, whatever page it came from.
 */
interface StaffDeps {
  fairPlay: FairPlay;
  moderationLog: ModerationLog;
  notifications: Pick<NotificationService, "notify">;
}

export function createStaffService(db: Db, deps: StaffDeps) {
  async function roleOf(userId: number): Promise<UserRole> {
    const [row] = await db
      .select({ role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row && !row.deletedAt ? row.role : "player";
  }

  /** 404 (the admin pages do not show they exist) unless `userId` is an admin. */
  async function requireAdmin(userId: number) {
    if ((await roleOf(userId)) !== "admin") throw notAllowed();
  }

  async function requireModerator(userId: number) {
    if (!canModerate(await roleOf(userId))) throw notAllowed();
  }

  async function adminCount() {
    const [row] = await db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, "admin"));
    return row?.n ?? 0;
  }

  return {
    roleOf,
    requireAdmin,
    requireModerator,

    /** The moderators and admins, admins first, each with the e-mail they sign in with. */
    async staff(adminId: number) {
      await requireAdmin(adminId);
      return db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
        })
        .from(users)
        .where(inArray(users.role, ["moderator", "admin"]))
        .orderBy(asc(users.role), asc(users.name));
    },

    /** Gives the account with `email` the role; the audit entry names the role it had before. */
    async grant(
      adminId: number,
      input: { email: string; role: StaffRole; reason: string },
    ) {
      await requireAdmin(adminId);
      const [user] = await db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      if (!user)
        throw new ApiError(
          404,
          "no_account",
          "No account uses that e-mail address",
        );
      if (user.role === input.role)
        throw new ApiError(
          409,
          "same_role",
          `${user.name} is already ${input.role === "admin" ? "an admin" : "a moderator"}`,
        );
      if (user.role === "admin" && (await adminCount()) <= 1)
        throw new ApiError(409, "last_admin", LAST_ADMIN);
      await db
        .update(users)
        .set({ role: input.role })
        .where(eq(users.id, user.id));
      await deps.moderationLog.record({
        moderatorId: adminId,
        action: "grant_role",
        targetType: "user",
        targetId: user.id,
        reason: input.reason,
        detail: { role: input.role, from: user.role },
      });
      return { name: user.name, role: input.role };
    },

    /** Makes a staff member a player again; the last admin keeps the role, so someone can always grant roles. */
    async take(adminId: number, input: { userId: number; reason: string }) {
      await requireAdmin(adminId);
      const [user] = await db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(and(eq(users.id, input.userId), ne(users.role, "player")))
        .limit(1);
      if (!user) throw notFound("That account has no role to take");
      if (user.role === "admin" && (await adminCount()) <= 1)
        throw new ApiError(409, "last_admin", LAST_ADMIN);
      // Only while the role is still the one read: two admins taking the last two admin roles at once stop at one.
      const changed = await db
        .update(users)
        .set({ role: "player" })
        .where(and(eq(users.id, user.id), eq(users.role, user.role)))
        .returning({ id: users.id });
      if (changed.length === 0)
        throw new ApiError(409, "changed", "That role changed; try again");
      await deps.moderationLog.record({
        moderatorId: adminId,
        action: "take_role",
        targetType: "user",
        targetId: user.id,
        reason: input.reason,
        detail: { role: user.role },
      });
      return { name: user.name, role: user.role };
    },

    /** The names of the accounts the audit log names as targets, for the admin's reading of it. */
    async namesOf(adminId: number, ids: number[]) {
      await requireAdmin(adminId);
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids.slice(0, 100)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    ...heldRoundDecisions(db, deps, requireModerator),
  };
}

/** The held rounds a moderator decides (ADR 032): released to the boards or removed, logged, the player told. */
function heldRoundDecisions(
  db: Db,
  deps: StaffDeps,
  requireModerator: (userId: number) => Promise<void>,
) {
  return {
    /** The held rounds, oldest first, with the player's and the game's names. */
    async heldRounds(moderatorId: number) {
      await requireModerator(moderatorId);
      return withNames(db, await deps.fairPlay.held(100));
    },

    /** Releases a held round to the boards or removes it, then writes the audit entry. */
    async decideRound(
      moderatorId: number,
      input: {
        statsId: number;
        decision: "release" | "remove";
        reason: string;
      },
    ) {
      await requireModerator(moderatorId);
      await deps.fairPlay[input.decision](input.statsId);
      await deps.moderationLog.record({
        moderatorId,
        action: input.decision === "release" ? "release_round" : "remove_round",
        targetType: "round",
        targetId: input.statsId,
        reason: input.reason,
      });
      const [round] = await db
        .select({
          userId: scores.userId,
          score: scores.score,
          game: games.name,
        })
        .from(scores)
        .innerJoin(games, eq(games.id, scores.gameId))
        .where(eq(scores.statsId, input.statsId))
        .limit(1);
      if (round)
        await deps.notifications.notify(
          round.userId,
          "moderation",
          roundDecisionLine(round, input.decision, input.reason),
          { gameId: 0 },
        );
    },
  };
}

/** What the player of a held round is told once a moderator has decided it. */
function roundDecisionLine(
  round: { score: number; game: string },
  decision: "release" | "remove",
  reason: string,
): string {
  const which = `your round of ${round.game} (${round.score})`;
  return decision === "release"
    ? `A moderator checked ${which} and released it to the boards.`
    : `A moderator removed ${which} from the boards: ${reason}`;
}

/** The held rounds with their player's and game's names, for the page. */
async function withNames(db: Db, held: HeldRound[]) {
  if (held.length === 0) return [];
  const [players, played] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          held.map((round) => round.userId),
        ),
      ),
    db
      .select({ id: games.id, name: games.name })
      .from(games)
      .where(
        inArray(
          games.id,
          held.map((round) => round.gameId),
        ),
      ),
  ]);
  const nameOf = (rows: { id: number; name: string }[], id: number) =>
    rows.find((row) => row.id === id)?.name ?? "Unknown";
  return held.map((round) => ({
    ...round,
    playerName: nameOf(players, round.userId),
    gameName: nameOf(played, round.gameId),
  }));
}

const LAST_ADMIN =
  "The last admin keeps the role: grant admin to someone else first";
