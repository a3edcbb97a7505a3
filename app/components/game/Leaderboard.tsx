import { useFetcher, useLocation } from "@remix-run/react";
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
  type BoardPeriod,
  type HighScore,
  type LeaderboardEntry,
  type LeaderboardScope,
  type PageBoard,
} from "#contract/scores";
import type { loader as boardLoader } from "~/routes/boards.$gameId";
import { TrophyIcon } from "../icons";
import { Standings } from "./Standings";
import { BoardTabs } from "./BoardTabs";
import { TournamentPanel as ServerTournamentPanel } from "./TournamentBoard";
import tournamentStyles from "./TournamentBoard.css?url";
import "./Leaderboard.css";

export type { BoardData };

// A period's board is fetched when its tab opens, so its code comes then too (issue #36), behind the same words. Marked
// pure, so a page that imports this module only for its server render (components/on-demand.tsx) drops it. The
// server draws it at once: a page opened on a period's tab (`?period=daily`) shows its board without JavaScript.
const TournamentPanel = import.meta.env.SSR
  ? ServerTournamentPanel
  : /* @__PURE__ */ lazy(() =>
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
  /** The board the page's loader read, on the tab and scope its address names (`pageBoard`). */
  initial: PageBoard;
  /** Rendered without its own card, inside another panel. */
  bare?: boolean;
}

/**
 * The all-time board a page shows: the page loader's for the scope it opened on, the other scope read through the
 * boards route's loader when it is chosen (null while it loads).
 */
function usePageBoard(
  gameId: number,
  initial: PageBoard,
  scope: LeaderboardScope,
): BoardData | null {
  const fetcher = useFetcher<typeof boardLoader>();
  const { load } = fetcher;
  const fromPage = scope === initial.scope;
  useEffect(() => {
    if (!fromPage) load(boardPath(gameId, { scope }));
  }, [load, gameId, scope, fromPage]);
  if (fromPage) return initial.board;
  const loaded = fetcher.data;
  return loaded?.gameId === gameId &&
    loaded.scope === scope &&
    loaded.period === "all"
    ? loaded.board
    : null;
}

/**
 * The page's own address with a board choice in it: where the board's switches go without JavaScript (the page's
 * loader reads `scope` and `period`), landing on the board itself. With JavaScript they switch in place.
 */
function useBoardAddress() {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete("scope");
  query.delete("period");
  return {
    /** What the page's address keeps besides the board's choice, for the scope's get form. */
    kept: [...query.entries()],
    action: `${pathname}#${BOARD_ANCHOR}`,
    periodHref: (period: BoardPeriod) => {
      const next = new URLSearchParams(query);
      if (period !== "all") next.set("period", period);
      const text = next.toString();
      return `${pathname}${text ? `?${text}` : ""}#${BOARD_ANCHOR}`;
    },
  };
}

/** The board's element id: a switch's address lands there. */
const BOARD_ANCHOR = "board";

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
  const [scope, setScope] = useState<LeaderboardScope>(initial.scope);
  const [period, setPeriod] = useState<BoardPeriod>(initial.period);
  // The loader's period board shows until the player switches tabs; a tab opened later reads its board afresh.
  const [switched, setSwitched] = useState(false);
  const board = usePageBoard(gameId, initial, scope);
  const address = useBoardAddress();
  const column = leaderboardColumn(leaderboardType);
  const entries = board?.entries ?? [];
  const own = ownRowBelow(entries, board?.standing ?? null, viewerId);
  const ownRow = own && viewer ? { ...own, name: viewer.name } : null;

  // Signed-in players can narrow the board to the people they follow (and themselves): a get form of the page's own
  // address, so it works without JavaScript too.
  const scopeSwitch = viewer ? (
    <form method="get" action={address.action}>
      {address.kept.map(([name, value], index) => (
        <input key={index} type="hidden" name={name} value={value} />
      ))}
      <div
        className="leaderboard__scope"
        role="group"
        aria-label="Whose scores"
      >
        {(["everyone", "following"] as const).map((option) => (
          <button
            key={option}
            type="submit"
            name="scope"
            value={option}
            className={
              option === scope
                ? "leaderboard__scope-option is-active"
                : "leaderboard__scope-option"
            }
            aria-pressed={option === scope}
            onClick={(event) => {
              event.preventDefault();
              setScope(option);
            }}
          >
            {option === "everyone" ? "Everyone" : "Following"}
          </button>
        ))}
      </div>
    </form>
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
      onPeriod={(next) => {
        setSwitched(true);
        setPeriod(next);
      }}
      hrefFor={address.periodHref}
      allTime={
        <>
          {scopeSwitch}
          {allTime}
        </>
      }
      tournament={(shown) => (
        <Suspense fallback={LOADING_SCORES}>
          {/* Drawn by the server, its styles come with it (the panel's code brings them only with JavaScript). */}
          {initial.period === shown && !switched ? (
            <link rel="stylesheet" href={tournamentStyles} />
          ) : null}
          <TournamentPanel
            gameId={gameId}
            period={shown}
            column={column}
            viewer={viewer}
            initial={
              initial.period === shown && !switched
                ? initial.tournament
                : undefined
            }
          />
        </Suspense>
      )}
    />
  );

  if (bare) {
    return (
      <div
        id={BOARD_ANCHOR}
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
      id={BOARD_ANCHOR}
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
