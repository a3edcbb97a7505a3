/** A leaderboard's data rules, shared by the detail page, the result page and the feed's drawer. */
import type { HighScore, LeaderboardEntry } from "#contract/scores";

/** SPEC.md §8. */
export const EMPTY_LEADERBOARD =
  "No one played the game. Score the maximum and be the top of the leaderboard";

/** SPEC.md §9: three or more entries stand on a podium. */
const PODIUM_MIN = 3;

/** The top three on a podium when there are at least three, the rest in a table. */
export function splitPodium(entries: LeaderboardEntry[]): {
  podium: LeaderboardEntry[];
  rest: LeaderboardEntry[];
} {
  const podium =
    entries.length >= PODIUM_MIN ? entries.slice(0, PODIUM_MIN) : [];
  return { podium, rest: entries.slice(podium.length) };
}

/** "Around me": the player's own row, shown under the board when they have a rank below the listed entries. */
export function ownRowBelow(
  entries: LeaderboardEntry[],
  standing: HighScore | null,
  viewerId: number | null,
): HighScore | null {
  if (!standing || standing.rank === null || viewerId === null) return null;
  if (entries.some((entry) => entry.player_id === viewerId)) return null;
  return standing.rank > entries.length ? standing : null;
}

/** SPEC.md §3: leaderboard_type 2 labels the column Level, anything else Score. */
export const leaderboardColumn = (leaderboardType: number) =>
  leaderboardType === 2 ? "Level" : "Score";
