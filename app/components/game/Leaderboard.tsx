import { useEffect, useState } from "react";
import { formatNumber } from "~/lib/format";
import { EMPTY_LEADERBOARD, leaderboardColumn, parseScoreEntries, splitPodium, type ScoreEntry } from "~/lib/leaderboard";
import { ScoreTable } from "../ScoreTable";
import { TrophyIcon } from "../icons";

type Board = { state: "loading" } | { state: "ready"; entries: ScoreEntry[] };

/** The game's best scores, loaded in the browser; a failure reads as an empty board (SPEC.md §8: ignored). */
export function Leaderboard({ gameId, leaderboardType }: { gameId: number; leaderboardType: number }) {
  const [board, setBoard] = useState<Board>({ state: "loading" });
  const column = leaderboardColumn(leaderboardType);

  useEffect(() => {
    const controller = new AbortController();
    setBoard({ state: "loading" });
    fetch(`/api/scores/${gameId}`, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : []))
      .then((body: unknown) => setBoard({ state: "ready", entries: parseScoreEntries(body) }))
      .catch(() => {
        if (!controller.signal.aborted) setBoard({ state: "ready", entries: [] });
      });
    return () => controller.abort();
  }, [gameId]);

  const entries = board.state === "ready" ? board.entries : [];
  const { podium, rest } = splitPodium(entries);

  return (
    <section className="card leaderboard" aria-labelledby="leaderboard-title" aria-busy={board.state === "loading"}>
      <h2 id="leaderboard-title" className="card__title">
        <TrophyIcon size={18} /> Leaderboard
      </h2>
      {board.state === "loading" ? (
        <p className="prose prose--muted">Loading scores…</p>
      ) : entries.length === 0 ? (
        <p className="leaderboard__empty">{EMPTY_LEADERBOARD}</p>
      ) : (
        <>
          {podium.length > 0 ? (
            <ol className="podium" aria-label="Top three">
              {podium.map((entry, index) => (
                <li key={index} className={`podium__place podium__place--${index + 1}`}>
                  <span className="podium__rank">{index + 1}</span>
                  <span className="podium__name">{entry.player_name}</span>
                  <span className="podium__score">{formatNumber(entry.score)}</span>
                  <span className="podium__label">{column}</span>
                </li>
              ))}
            </ol>
          ) : null}
          {rest.length > 0 ? (
            <ScoreTable entries={rest} firstRank={podium.length + 1} column={column} className="leaderboard__table" />
          ) : null}
        </>
      )}
    </section>
  );
}
