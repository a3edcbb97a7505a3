import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { unlessOffline } from "~/lib/offline-answer";
import { BoardQuerySchema } from "#contract/scores";
import { allTimeBoard, tournamentBoard } from "~/server/boards.server";
import { parseIdOr404, viewerIdOf } from "~/server/loaders.server";

/**
 * /boards/:gameId: a game's board for the pages' leaderboards (read with `useFetcher().load` when the player switches
 * to Following or to a tournament period): `?scope=following`, `?period=daily|weekly`. The answer names what it is of,
 * so a board of another tab never shows while the next one loads.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const gameId = parseIdOr404(params.gameId, "game", "Game not found");
  const query = BoardQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!query.success)
    throw new Response(query.error.issues[0]?.message, { status: 400 });
  const { scope, period } = query.data;
  const viewerId = await viewerIdOf(context, request);
  if (period === "all")
    return {
      gameId,
      scope,
      period,
      board: await allTimeBoard(context, gameId, viewerId, scope),
      tournament: null,
    };
  return {
    gameId,
    scope,
    period,
    board: null,
    tournament: await tournamentBoard(context, gameId, period, viewerId),
  };
}

/** A read that never reaches the server shows as an empty board, as a failed board read always has (SPEC.md §8). */
export const clientLoader = ({
  serverLoader,
  params,
  request,
}: ClientLoaderFunctionArgs) => {
  const query = BoardQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return unlessOffline(() => serverLoader<typeof loader>(), {
    gameId: Number(params.gameId),
    ...query,
    board: query.period === "all" ? { entries: [], standing: null } : null,
    tournament: null,
  });
};
