import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  LEADERBOARD_SIZE,
  type BoardData,
  type LeaderboardEntry,
  type LeaderboardScope,
} from "#contract/scores";
import type { Period, TournamentBoard } from "#contract/tournaments";

/**
 * The all-time board for a page's loader. A failure reads as an empty board (SPEC.md §8: leaderboard load failures
 * are ignored), so a page never fails for its board.
 */
export async function allTimeBoard(
  context: AppLoadContext,
  gameId: number,
  viewerId: number | undefined,
  scope: LeaderboardScope = "everyone",
): Promise<BoardData> {
  const { scores } = context.services;
  const entries =
    viewerId === undefined
      ? scores.visitorLeaderboard(gameId)
      : scope === "following"
        ? scores.leaderboard(gameId, LEADERBOARD_SIZE, viewerId)
        : scores.leaderboard(gameId);
  const [list, standing] = await Promise.all([
    entries.catch((): LeaderboardEntry[] => []),
    viewerId && scope === "everyone"
      ? scores.highScore(gameId, viewerId).catch(() => null)
      : null,
  ]);
  return { entries: list, standing };
}

/** A tournament period's board, or null when it cannot be read (shown as an empty board, like the all-time one). */
export function tournamentBoard(
  context: AppLoadContext,
  gameId: number,
  period: Period,
  viewerId: number | undefined,
): Promise<TournamentBoard | null> {
  return context.services.tournaments
    .board(gameId, { period }, viewerId ?? null)
    .catch(() => null);
}
