import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  BoardQuerySchema,
  LEADERBOARD_SIZE,
  type BoardData,
  type LeaderboardEntry,
  type LeaderboardScope,
  type PageBoard,
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

/**
 * The board a page opens on, as its address asks (`?scope=following`, `?period=daily|weekly`: the board's switches
 * without JavaScript). A value that is not one of those reads as the default, so a page never fails for it, and a
 * visitor, who follows nobody, gets everyone's board.
 */
export async function pageBoard(
  context: AppLoadContext,
  gameId: number,
  viewerId: number | undefined,
  searchParams: URLSearchParams,
): Promise<PageBoard> {
  const { scope: asked, period } = boardChoice(searchParams);
  const scope = viewerId === undefined ? "everyone" : asked;
  const [board, tournament] = await Promise.all([
    allTimeBoard(context, gameId, viewerId, scope),
    period === "all"
      ? null
      : tournamentBoard(context, gameId, period, viewerId),
  ]);
  return { scope, period, board, tournament };
}

function boardChoice(searchParams: URLSearchParams) {
  const query = BoardQuerySchema.safeParse({
    scope: searchParams.get("scope") ?? undefined,
    period: searchParams.get("period") ?? undefined,
  });
  return query.success
    ? query.data
    : { scope: "everyone" as const, period: "all" as const };
}
