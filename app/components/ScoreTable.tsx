import { formatNumber } from "~/lib/format";
import type { ScoreEntry } from "~/lib/leaderboard";

/** The leaderboard rows below the podium, ranked from `firstRank`. */
export function ScoreTable({ entries, firstRank, column, className }: { entries: ScoreEntry[]; firstRank: number; column: string; className: string }) {
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
        {entries.map((entry, index) => (
          <tr key={index}>
            <td>{firstRank + index}</td>
            <td>{entry.player_name}</td>
            <td>{formatNumber(entry.score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
