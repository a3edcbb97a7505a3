/** A leaderboard's data rules, shared by the detail page, the result page and the feed's drawer. */

export interface ScoreEntry {
  rank: number;
  player_id: number | null;
  /** SPEC.md §3: the API sends player_name as a list; the first name is the one shown. */
  player_name: string;
  profile_img: string | null;
  score: number;
}

/** The signed-in player's own place (GET /api/scores/{gameId}/{userId}); rank is null before their first score. */
export interface OwnStanding {
  score: number;
  rank: number | null;
}

/** SPEC.md §8. */
export const EMPTY_LEADERBOARD =
  "No one played the game. Score the maximum and be the top of the leaderboard";

/** SPEC.md §9: three or more entries stand on a podium. */
export const PODIUM_MIN = 3;

const firstName = (value: unknown): string | null => {
  const name: unknown = Array.isArray(value) ? value[0] : value;
  return typeof name === "string" && name.trim() ? name : null;
};

/**
 * The entries of a GET /api/scores/{gameId} answer in rank order; anything malformed is left out. Entries without
 * a rank are ranked by score, keeping the server's order for equal scores.
 */
export function parseScoreEntries(body: unknown): ScoreEntry[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === "object"
      ? Object.values(body).find(Array.isArray)
      : null;
  if (!Array.isArray(list)) return [];
  const entries: Array<Omit<ScoreEntry, "rank"> & { rank?: number }> = [];
  for (const raw of list as unknown[]) {
    if (!raw || typeof raw !== "object") continue;
    const row = raw as Record<string, unknown>;
    const name = firstName(row.player_name);
    if (!name || typeof row.score !== "number") continue;
    entries.push({
      player_id: typeof row.player_id === "number" ? row.player_id : null,
      player_name: name,
      profile_img: typeof row.profile_img === "string" ? row.profile_img : null,
      score: row.score,
      rank: typeof row.rank === "number" ? row.rank : undefined,
    });
  }
  const ranked = entries.every((entry) => entry.rank !== undefined);
  entries.sort(
    ranked ? (a, b) => a.rank! - b.rank! : (a, b) => b.score - a.score,
  );
  return entries.map((entry, index) => ({
    ...entry,
    rank: ranked ? entry.rank! : index + 1,
  }));
}

/** A GET /api/scores/{gameId}/{userId} answer, or null when it is not one. */
export function parseOwnStanding(body: unknown): OwnStanding | null {
  if (!body || typeof body !== "object") return null;
  const { score, rank } = body as Record<string, unknown>;
  if (typeof score !== "number") return null;
  return { score, rank: typeof rank === "number" ? rank : null };
}

/** The top three on a podium when there are at least three, the rest in a table. */
export function splitPodium(entries: ScoreEntry[]): {
  podium: ScoreEntry[];
  rest: ScoreEntry[];
} {
  const podium =
    entries.length >= PODIUM_MIN ? entries.slice(0, PODIUM_MIN) : [];
  return { podium, rest: entries.slice(podium.length) };
}

/** "Around me": the player's own row, shown under the board when they have a rank below the listed entries. */
export function ownRowBelow(
  entries: ScoreEntry[],
  standing: OwnStanding | null,
  viewerId: number | null,
): OwnStanding | null {
  if (!standing || standing.rank === null || viewerId === null) return null;
  if (entries.some((entry) => entry.player_id === viewerId)) return null;
  return standing.rank > entries.length ? standing : null;
}

/** SPEC.md §3: leaderboard_type 2 labels the column Level, anything else Score. */
export const leaderboardColumn = (leaderboardType: number) =>
  leaderboardType === 2 ? "Level" : "Score";
