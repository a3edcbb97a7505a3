import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatNumber } from "#contract/format";
import { boardPath, type LeaderboardEntry } from "#contract/scores";
import {
  PERIOD_RANK_LIMIT,
  missingForPrizes,
  ordinal,
  prizeRuleLines,
  timeLeft,
  type Period,
  type TournamentBoard,
  type TournamentEntry,
} from "#contract/tournaments";
import type { loader as boardLoader } from "~/routes/boards.$gameId";
import { useHydrated } from "../ActionForm";
import { CheckIcon, ClockIcon, CoinIcon, AlertIcon } from "../icons";
import { Standings } from "./Standings";
import "./TournamentBoard.css";

/**
 * Reads the period's board through the boards route's loader when its tab opens, unless the page's loader brought it
 * (`initial`, a page opened on this tab); a failure reads as an empty board, like the all-time one (SPEC.md §8).
 * `version` asks again (when the period turns over), the old board showing meanwhile. Undefined while it first loads.
 */
function useTournament(
  gameId: number,
  period: Period,
  version: number,
  initial: TournamentBoard | null | undefined,
) {
  const fetcher = useFetcher<typeof boardLoader>();
  const { load } = fetcher;
  const fromPage = initial !== undefined && version === 0;
  useEffect(() => {
    if (!fromPage) load(boardPath(gameId, { period }));
  }, [load, gameId, period, version, fromPage]);
  if (fromPage) return { board: initial };
  const loaded = fetcher.data;
  return loaded?.gameId === gameId && loaded.period === period
    ? { board: loaded.tournament }
    : undefined;
}

/** Counts down to `end` once a second; null before hydration, so the server never writes a time. */
function useTimeLeft(end: number | null): number | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [end]);
  return hydrated && end !== null ? end - now : null;
}

const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
const weekday = (iso: string) =>
  new Date(iso).toLocaleDateString([], { weekday: "short" });

/** A period's board: time left and prizes, the standings with the player's own row, last period's winners. */
export function TournamentPanel({
  gameId,
  period,
  column,
  viewer,
  initial,
}: {
  gameId: number;
  period: Period;
  column: string;
  viewer: { _id: number; name: string } | null;
  /** The period's board as the page's loader read it; undefined when the tab was opened later. */
  initial?: TournamentBoard | null;
}) {
  const [version, setVersion] = useState(0);
  const loaded = useTournament(gameId, period, version, initial);
  const board = loaded?.board ?? null;
  const end = board ? Date.parse(board.ends_at) : null;
  const left = useTimeLeft(end);
  const over = left !== null && left <= 0;
  // The period turned over while the board was open: ask for the new one (and last period's result).
  useEffect(() => {
    if (over) setVersion((value) => value + 1);
  }, [over]);

  if (!loaded) return <p className="prose prose--muted">Loading scores…</p>;
  const viewerId = viewer?._id ?? null;
  const name = period === "daily" ? "Today's" : "This week's";
  const standing = board?.standing ?? null;
  const entries = board?.entries ?? [];
  // "Around me": the player's own row under the board, when they are further down than the listed entries.
  const below =
    standing !== null &&
    (standing.beyond ||
      (standing.rank !== null && standing.rank > entries.length)) &&
    !entries.some((entry) => entry.player_id === viewerId);
  const own =
    viewer && standing && below
      ? {
          ...standing,
          name: viewer.name,
          rankText: standing.beyond
            ? `${formatNumber(PERIOD_RANK_LIMIT)}+`
            : undefined,
        }
      : null;

  return (
    <div className="tournament" data-testid={`tournament-${period}`}>
      {board ? (
        <div className="tournament__facts">
          <p className="tournament__clock">
            <ClockIcon size={16} />
            {left === null ? (
              <span>
                {name} tournament ends at 00:00 UTC
                {period === "weekly" ? " on Monday" : ""}
              </span>
            ) : (
              <span data-testid="tournament-time-left">
                Ends in <strong>{timeLeft(left)}</strong>{" "}
                <span className="tournament__local">
                  ({period === "weekly" ? `${weekday(board.ends_at)} ` : ""}
                  {clockTime(board.ends_at)} your time)
                </span>
              </span>
            )}
          </p>
          <p className="tournament__prizes">
            <CoinIcon size={16} />
            <span>
              Top three win{" "}
              {board.prizes.map((coins, index) => (
                <span key={index}>
                  {index > 0 ? " / " : ""}
                  <strong>{formatNumber(coins)}</strong>
                </span>
              ))}{" "}
              coins
              <span className="tournament__players">
                {" "}
                · {formatNumber(board.players)}
                {board.players >= PERIOD_RANK_LIMIT ? "+" : ""}{" "}
                {board.players === 1 ? "player" : "players"}
                {board.players < board.min_players
                  ? ` (${board.min_players} eligible needed for prizes)`
                  : ""}
              </span>
            </span>
          </p>
          {board.eligibility ? <OwnEligibility board={board} /> : null}
        </div>
      ) : null}
      <Standings
        entries={entries}
        column={column}
        viewerId={viewerId}
        own={own}
        empty={
          period === "daily"
            ? "No verified rounds today yet. Play now to lead today's board."
            : "No verified rounds this week yet. Play now to lead this week's board."
        }
        mark={noPrizeMark}
      />
      {board ? <PrizeRules board={board} /> : null}
      {board?.last ? <LastWinners period={period} last={board.last} /> : null}
    </div>
  );
}

/** Rows of players who could not win a prize if the period ended now. */
const noPrizeMark = (entry: LeaderboardEntry) =>
  (entry as TournamentEntry).prize_eligible === false ? (
    <span className="tournament__no-prize">No prize</span>
  ) : null;

/** The signed-in player against the rules: "You can win prizes", or what is still missing. */
function OwnEligibility({ board }: { board: TournamentBoard }) {
  const eligibility = board.eligibility!;
  const missing = missingForPrizes(eligibility, board.rules);
  return (
    <div className="tournament__own" data-testid="tournament-eligibility">
      {missing.length === 0 ? <CheckIcon size={16} /> : <AlertIcon size={16} />}
      {missing.length === 0 ? (
        <span>You can win prizes</span>
      ) : (
        <span>
          {missing.map((line, index) => (
            <span key={index} className="tournament__missing">
              {line}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}

/** Who can win, in a short plain list under the board (ADR 027). */
function PrizeRules({ board }: { board: TournamentBoard }) {
  return (
    <section
      className="tournament__rules"
      aria-label="Who can win prizes"
      data-testid="tournament-rules"
    >
      <h3 className="tournament__last-title">Who can win prizes</h3>
      <ul>
        {prizeRuleLines(board.rules).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

function LastWinners({
  period,
  last,
}: {
  period: Period;
  last: NonNullable<TournamentBoard["last"]>;
}) {
  const title =
    period === "daily" ? "Yesterday's winners" : "Last week's winners";
  return (
    <section className="tournament__last" aria-label={title}>
      <h3 className="tournament__last-title">{title}</h3>
      {last.winners.length === 0 ? (
        <p className="tournament__last-none">
          {last.players} {last.players === 1 ? "player" : "players"} took part
          {last.eligible === null
            ? ""
            : `, ${formatNumber(last.eligible)} of them eligible`}
          : no prizes (a board needs 10 eligible players).
        </p>
      ) : (
        <ol className="tournament__winners">
          {last.winners.map((winner) => (
            <li key={winner.place} className="tournament__winner">
              <span
                className={`tournament__place tournament__place--${winner.place}`}
              >
                {ordinal(winner.place)}
              </span>
              <span className="tournament__winner-name">{winner.name}</span>
              <span className="tournament__prize">
                +{formatNumber(winner.prize)} <CoinIcon size={14} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
