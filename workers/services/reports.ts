import { and, eq } from "drizzle-orm";
import {
  GameReportSchema,
  ProfileReportSchema,
  REPORT_MESSAGES,
  type ReportInput,
} from "#contract/reports";
import type { Db } from "../db/client";
import { games, reports, users } from "../db/schema";
import { ApiError, notFound } from "./errors";
import { parseInput } from "./parse";
import type { RateLimiter } from "./rate-limits";

/** What the report page shows of its target before a player reports it. */
interface ReportSubject {
  name: string;
  picture: string | null;
  alreadyReported: boolean;
}

const reasonWithDetails = ({ reason, details }: ReportInput) =>
  details ? `${reason}: ${details}` : reason;

/**
 * Issue #34: a player reports another player's profile or a game. The report keeps a copy of what its target showed
 * then (a name and picture path, a game's name), since a moderator may read it after the target changed. One report
 * per reporter and target; refused reports count against the reporter's limit too, as a message's do.
 */
export function createReportService(db: Db, limits: RateLimiter) {
  async function profileOf(userId: number) {
    const [user] = await db
      .select({
        name: users.name,
        picture: users.profileImg,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || user.deletedAt) throw notFound("Player not found");
    return user;
  }

  async function gameOf(gameId: number) {
    const [game] = await db
      .select({ name: games.name, icon: games.icon })
      .from(games)
      .where(and(eq(games.id, gameId), eq(games.isPublished, true)))
      .limit(1);
    if (!game) throw notFound("Game not found");
    return game;
  }

  async function reported(
    reporterId: number,
    targetType: "profile" | "game",
    targetId: number,
  ) {
    const [row] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.targetType, targetType),
          eq(reports.targetId, String(targetId)),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async function insert(values: typeof reports.$inferInsert) {
    const [row] = await db
      .insert(reports)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!row) throw new ApiError(409, "duplicate", REPORT_MESSAGES.duplicate);
    return { reported: true as const };
  }

  return {
    async profileSubject(
      reporterId: number,
      userId: number,
    ): Promise<ReportSubject> {
      if (userId === reporterId)
        throw new ApiError(400, "self", REPORT_MESSAGES.self);
      const user = await profileOf(userId);
      return {
        name: user.name,
        picture: user.picture,
        alreadyReported: await reported(reporterId, "profile", userId),
      };
    },

    async gameSubject(
      reporterId: number,
      gameId: number,
    ): Promise<ReportSubject> {
      const game = await gameOf(gameId);
      return {
        name: game.name,
        picture: game.icon,
        alreadyReported: await reported(reporterId, "game", gameId),
      };
    },

    async reportProfile(reporterId: number, userId: number, body: unknown) {
      await limits.hit("reportPerUser", reporterId);
      const input = parseInput(ProfileReportSchema, body);
      if (userId === reporterId)
        throw new ApiError(400, "self", REPORT_MESSAGES.self);
      const user = await profileOf(userId);
      return insert({
        reporterId,
        reportedUserId: userId,
        targetType: "profile",
        targetId: String(userId),
        content: JSON.stringify({ name: user.name, picture: user.picture }),
        reason: reasonWithDetails(input),
      });
    },

    async reportGame(reporterId: number, gameId: number, body: unknown) {
      await limits.hit("reportPerUser", reporterId);
      const input = parseInput(GameReportSchema, body);
      const game = await gameOf(gameId);
      return insert({
        reporterId,
        targetType: "game",
        targetId: String(gameId),
        content: JSON.stringify({ name: game.name }),
        reason: reasonWithDetails(input),
      });
    },
  };
}
