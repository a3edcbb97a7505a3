import type { ReactNode } from "react";
import { formatNumber } from "#contract/format";
import { shownName, type LeaderboardEntry } from "#contract/scores";
import { splitPodium } from "~/lib/leaderboard";
import { ScoreTable, type OwnRow } from "../ScoreTable";
import { EntryWatchLink, UnverifiedNote } from "./WatchLink";

/** A board's rows: a podium from three entries, the rest in a table, and the player's own row below when it is further down. */
export function Standings({
  entries,
  column,
  viewerId,
  own,
  empty,
  mark,
}: {
  entries: LeaderboardEntry[];
  column: string;
  viewerId: number | null;
  own: OwnRow | null;
  empty: string;
  /** Something said about a row after its name (a tournament's "No prize"). */
  mark?: (entry: LeaderboardEntry) => ReactNode;
}) {
  if (entries.length === 0)
    return <p className="leaderboard__empty">{empty}</p>;
  const { podium, rest } = splitPodium(entries);
  return (
    <>
      <UnverifiedNote entries={entries} />
      {podium.length > 0 ? (
        <ol className="podium" aria-label="Top three">
          {podium.map((entry) => (
            <li
              key={entry.rank}
              className={`podium__place podium__place--${entry.rank}${entry.player_id === viewerId ? " is-me" : ""}`}
            >
              <span className="podium__rank">{entry.rank}</span>
              <span className="podium__name" title={shownName(entry)}>
                {shownName(entry)}
              </span>
              {mark?.(entry)}
              <span className="podium__score">{formatNumber(entry.score)}</span>
              <span className="podium__label">{column}</span>
              <EntryWatchLink entry={entry} />
            </li>
          ))}
        </ol>
      ) : null}
      {rest.length > 0 || own ? (
        <ScoreTable
          entries={rest}
          column={column}
          className="leaderboard__table"
          viewerId={viewerId}
          own={own}
          mark={mark}
        />
      ) : null}
    </>
  );
}
