import { formatNumber } from "#contract/format";
import type { OwnStanding, ScoreEntry } from "~/lib/leaderboard";
import "./ScoreTable.css";

export interface ScoreTableProps {
  entries: ScoreEntry[];
  column: string;
  className: string;
  /** The signed-in player: their row is marked. */
  viewerId?: number | null;
  /** "Around me": the player's own place when it is below the listed rows. */
  own?: (OwnStanding & { name: string }) | null;
}

/** The leaderboard rows below the podium, each with its rank from the server. */
export function ScoreTable({
  entries,
  column,
  className,
  viewerId = null,
  own = null,
}: ScoreTableProps) {
  return (
    <table className={className}>
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
            key={`${entry.rank}-${entry.player_id ?? entry.player_name}`}
            className={
              entry.player_id !== null && entry.player_id === viewerId
                ? "is-me"
                : undefined
            }
          >
            <td>{entry.rank}</td>
            <td>{entry.player_name}</td>
            <td>{formatNumber(entry.score)}</td>
          </tr>
        ))}
        {own && own.rank !== null ? (
          <>
            <tr className="score-gap" aria-hidden="true">
              <td colSpan={3}>⋯</td>
            </tr>
            <tr className="is-me" data-testid="own-rank">
              <td>{own.rank}</td>
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
