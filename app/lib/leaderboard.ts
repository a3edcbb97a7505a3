/** A leaderboard's data rules, shared by the detail page and the feed's drawer. */

export interface ScoreEntry {
  player_name: string;
  score: number;
}

/** SPEC.md §8. */
export const EMPTY_LEADERBOARD = "No one played the game. Score the maximum and be the top of the leaderboard";

/** SPEC.md §9: three or more entries stand on a podium. */
export const PODIUM_MIN = 3;

/** The entries of a GET /api/scores/{gameId} answer, best first; anything malformed is left out. */
export function parseScoreEntries(body: unknown): ScoreEntry[] {
  const list = Array.isArray(body) ? body : body && typeof body === "object" ? Object.values(body).find(Array.isArray) : null;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (entry): entry is ScoreEntry =>
        !!entry && typeof entry === "object" && typeof entry.player_name === "string" && typeof entry.score === "number",
    )
    .sort((a, b) => b.score - a.score);
}

/** The top three on a podium when there are at least three, the rest in a table. */
export function splitPodium(entries: ScoreEntry[]): { podium: ScoreEntry[]; rest: ScoreEntry[] } {
  const podium = entries.length >= PODIUM_MIN ? entries.slice(0, PODIUM_MIN) : [];
  return { podium, rest: entries.slice(podium.length) };
}

/** SPEC.md §3: leaderboard_type 2 labels the column Level, anything else Score. */
export const leaderboardColumn = (leaderboardType: number) => (leaderboardType === 2 ? "Level" : "Score");
