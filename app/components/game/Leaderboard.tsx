import { useEffect, useState } from "react";
import { formatNumber } from "~/lib/format";
import { TrophyIcon } from "../icons";

export interface ScoreEntry {
  player_name: string;
  score: number;
}

/** SPEC.md §8. */
export const EMPTY_LEADERBOARD = "No one played the game. Score the maximum and be the top of the leaderboard";

/** SPEC.md §9: three or more entries stand on a podium. */
const PODIUM_MIN = 3;

function entriesOf(body: unknown): ScoreEntry[] {
  const list = Array.isArray(body) ? body : body && typeof body === "object" ? Object.values(body).find(Array.isArray) : null;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is ScoreEntry =>
      !!entry && typeof entry === "object" && typeof (entry as ScoreEntry).player_name === "string" && typeof (entry as ScoreEntry).score === "number",
  );
}

type Board = { state: "loading" } | { state: "ready"; entries: ScoreEntry[] };

/** The game's best scores, loaded in the browser; a failure reads as an empty board (SPEC.md §8: ignored). */
export function Leaderboard({ gameId, leaderboardType }: { gameId: number; leaderboardType: number }) {
  const [board, setBoard] = useState<Board>({ state: "loading" });
  const column = leaderboardType === 2 ? "Level" : "Score";

  useEffect(() => {
    const controller = new AbortController();
    setBoard({ state: "loading" });
    fetch(`/api/scores/${gameId}`, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : []))
      .then((body: unknown) => setBoard({ state: "ready", entries: entriesOf(body) }))
      .catch(() => {
        if (!controller.signal.aborted) setBoard({ state: "ready", entries: [] });
      });
    return () => controller.abort();
  }, [gameId]);

  const entries = board.state === "ready" ? board.entries : [];
  const podium = entries.length >= PODIUM_MIN ? entries.slice(0, PODIUM_MIN) : [];
  const rest = entries.slice(podium.length);

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
            <table className="leaderboard__table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Player</th>
                  <th scope="col">{column}</th>
                </tr>
              </thead>
              <tbody>
                {rest.map((entry, index) => (
                  <tr key={index}>
                    <td>{podium.length + index + 1}</td>
                    <td>{entry.player_name}</td>
                    <td>{formatNumber(entry.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      )}
    </section>
  );
}
