import type { ReactNode } from "react";
import { formatNumber } from "#contract/format";
import {
  shownName,
  type HighScore,
  type LeaderboardEntry,
} from "#contract/scores";
import { EntryWatchLink } from "./game/WatchLink";
import "./ScoreTable.css";

/** The player's own row under a board: their best and rank, or `rankText` when the rank is past what is counted. */
export type OwnRow = HighScore & { name: string; rankText?: string };

export interface ScoreTableProps {
  entries: LeaderboardEntry[];
  column: string;
  className: string;
  /** The signed-in player: their row is marked. */
  viewerId?: number | null;
  /** "Around me": the player's own place when it is below the listed rows. */
  own?: OwnRow | null;
  /** Something said about a row after its name (a tournament's "No prize"). */
  mark?: (entry: LeaderboardEntry) => ReactNode;
}

/** The leaderboard rows below the podium, each with its rank from the server. */
export function ScoreTable({
  entries,
  column,
  className,
  viewerId = null,
  own = null,
  mark,
}: ScoreTableProps) {
  return (
    <table className={`score-table ${className}`}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Player</th>
          <th scope="col">{column}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr
            key={`${entry.rank}-${entry.player_id}`}
            className={entry.player_id === viewerId ? "is-me" : undefined}
          >
            <td>{entry.rank}</td>
            <td>
              <span className="score-table__name">
                {shownName(entry)} {mark?.(entry)}
                <EntryWatchLink entry={entry} />
              </span>
            </td>
            <td>{formatNumber(entry.score)}</td>
          </tr>
        ))}
        {own && (own.rank !== null || own.rankText) ? (
          <>
            <tr className="score-gap" aria-hidden="true">
              <td colSpan={3}>⋯</td>
            </tr>
            <tr className="is-me" data-testid="own-rank">
              <td>{own.rankText ?? own.rank}</td>
              <td>
                {own.name} <span className="pill pill--accent">You</span>
              </td>
              <td>{formatNumber(own.score)}</td>
            </tr>
          </>
        ) : null}
      </tbody>
    </table>
  );
}
