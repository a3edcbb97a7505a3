import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { retryImport } from "~/lib/retry-import";
import { apiFetch } from "~/lib/api";
import {
  EMPTY_LEADERBOARD,
  leaderboardColumn,
  ownRowBelow,
} from "~/lib/leaderboard";
import {
  boardPath,
  type BoardData,
  type HighScore,
  type LeaderboardEntry,
  type LeaderboardScope,
} from "#contract/scores";
import type { loader as boardLoader } from "~/routes/boards.$gameId";
import { TrophyIcon } from "../icons";
import { Standings } from "./Standings";
import { BoardTabs, type BoardPeriod } from "./BoardTabs";
import "./Leaderboard.css";

export type { BoardData };

// A period's board is fetched when its tab opens, so its code comes then too (issue #36), behind the same words. Marked
// pure, so a page that imports this module only for its server render (components/on-demand.tsx) drops it.
const TournamentPanel = /* @__PURE__ */ lazy(() =>
  retryImport(() => import("./TournamentBoard")).then((module) => ({
    default: module.TournamentPanel,
  })),
);
const LOADING_SCORES = <p className="prose prose--muted">Loading scores…</p>;

export interface LeaderboardProps {
  gameId: number;
  leaderboardType: number;
  /** The signed-in player, whose row is marked and whose rank shows even below the top list. */
  viewer?: { _id: number; name: string } | null;
  /** Everyone's all-time board, from the page's loader. */
  initial: BoardData;
  /** Rendered without its own card, inside another panel. */
  bare?: boolean;
}

/**
 * The board a page shows: everyone's from the page's loader, the people the viewer follows read through the boards
 * route's loader when that scope is chosen (null while it loads).
 */
function usePageBoard(
  gameId: number,
  initial: BoardData,
  scope: LeaderboardScope,
): BoardData | null {
  const fetcher = useFetcher<typeof boardLoader>();
  const { load } = fetcher;
  useEffect(() => {
    if (scope === "following") load(boardPath(gameId, { scope }));
  }, [load, gameId, scope]);
  if (scope === "everyone") return initial;
  const loaded = fetcher.data;
  return loaded?.gameId === gameId && loaded.scope === scope
    ? loaded.board
    : null;
}

/**
 * Loads a board through the JSON API (the feed's drawer); a failure reads as an empty board (SPEC.md §8: leaderboard load failures are ignored). Nothing loads
 * while `enabled` is false (a closed drawer), and the last board stays until it does.
 */
export function useBoard(
  gameId: number,
  viewerId: number | null,
  initial: BoardData | undefined,
  scope: LeaderboardScope,
  enabled = true,
): BoardData | null {
  // Each board remembers what it is of, so a board of another game or scope never shows while the next one loads.
  const key = `${gameId}:${viewerId ?? ""}:${scope}`;
  const [loaded, setLoaded] = useState<{
    key: string;
    board: BoardData;
  } | null>(initial ? { key, board: initial } : null);
  useEffect(() => {
    if (!enabled) return;
    if (initial) {
      setLoaded({ key, board: initial });
      return;
    }
    const controller = new AbortController();
    const standing =
      viewerId && scope === "everyone"
        ? apiFetch<HighScore>(`/api/scores/${gameId}/${viewerId}`, {
            signal: controller.signal,
          }).catch(() => null)
        : Promise.resolve(null);
    const entries = apiFetch<LeaderboardEntry[]>(
      `/api/scores/${gameId}${scope === "following" ? "?scope=following" : ""}`,
      {
        signal: controller.signal,
      },
    ).catch(() => []);
    void Promise.all([entries, standing]).then(([list, own]) => {
      if (!controller.signal.aborted)
        setLoaded({ key, board: { entries: list, standing: own } });
    });
    return () => controller.abort();
  }, [key, gameId, viewerId, initial, scope, enabled]);
  return loaded?.key === key ? loaded.board : null;
}

/**
 * SPEC.md §2/§9: the game's best scores, a podium from three entries, the column named Level or Score; tabs put the
 * daily and weekly tournaments beside it (ADR 027).
 */
export function Leaderboard({
  gameId,
  leaderboardType,
  viewer = null,
  initial,
  bare = false,
}: LeaderboardProps) {
  const viewerId = viewer?._id ?? null;
  const [scope, setScope] = useState<LeaderboardScope>("everyone");
  const [period, setPeriod] = useState<BoardPeriod>("all");
  const board = usePageBoard(gameId, initial, scope);
  const column = leaderboardColumn(leaderboardType);
  const entries = board?.entries ?? [];
  const own = ownRowBelow(entries, board?.standing ?? null, viewerId);
  const ownRow = own && viewer ? { ...own, name: viewer.name } : null;

  // Signed-in players can narrow the board to the people they follow (and themselves).
  const scopeSwitch = viewer ? (
    <div className="leaderboard__scope" role="group" aria-label="Whose scores">
      {(["everyone", "following"] as const).map((option) => (
        <button
          key={option}
          type="button"
          className={
            option === scope
              ? "leaderboard__scope-option is-active"
              : "leaderboard__scope-option"
          }
          aria-pressed={option === scope}
          onClick={() => setScope(option)}
        >
          {option === "everyone" ? "Everyone" : "Following"}
        </button>
      ))}
    </div>
  ) : null;

  const allTime =
    board === null ? (
      <p className="prose prose--muted">Loading scores…</p>
    ) : (
      <Standings
        entries={entries}
        column={column}
        viewerId={viewerId}
        own={ownRow}
        empty={
          scope === "following"
            ? "Nobody you follow has played this game yet. Find people to follow in Social."
            : EMPTY_LEADERBOARD
        }
      />
    );
  const body = (
    <BoardTabs
      period={period}
      onPeriod={setPeriod}
      allTime={
        <>
          {scopeSwitch}
          {allTime}
        </>
      }
      tournament={(shown) => (
        <Suspense fallback={LOADING_SCORES}>
          <TournamentPanel
            gameId={gameId}
            period={shown}
            column={column}
            viewer={viewer}
          />
        </Suspense>
      )}
    />
  );

  if (bare) {
    return (
      <div
        className="leaderboard"
        aria-busy={board === null}
        data-testid="leaderboard"
      >
        {body}
      </div>
    );
  }
  return (
    <section
      className="card leaderboard"
      aria-labelledby="leaderboard-title"
      aria-busy={board === null}
      data-testid="leaderboard"
    >
      <h2 id="leaderboard-title" className="card__title">
        <TrophyIcon size={18} /> Leaderboard
      </h2>
      {body}
    </section>
  );
}
