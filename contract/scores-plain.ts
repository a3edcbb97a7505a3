// The part of `scores.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).
import type { LeaderboardScope } from "./scores";
import type { ChallengeOutcome } from "./coins";
import type { TournamentBoard } from "./tournaments-plain";

/** The highest score anything accepts: the game bridge, the room socket, a round, a challenge. */
export const MAX_SCORE = 1_000_000_000;
/** The longest play time a session records, in seconds: a day. */
export const MAX_PLAY_TIME = 86_400;

/** How many players GET /api/scores/{gameId} ranks. */
export const LEADERBOARD_SIZE = 10;

/** SPEC.md §3 Score entry: player_name is a list (the first is shown). */
export interface LeaderboardEntry {
  rank: number;
  player_id: number;
  player_name: string[];
  profile_img: string | null;
  score: number;
  /** The run of this best score, to watch (`watchPath`); null when none was kept or it is private to its players. */
  run_id: string | null;
  /** True when the score came from a round the server replayed; external games' scores are not. */
  verified: boolean;
}

/** SPEC.md §3 High score record, with the player's place on the board (null before their first score). */
export interface HighScore {
  score: number;
  rank: number | null;
}

/** The answer to a round: what the result screen shows, without asking again. */
export interface RoundResult {
  /** The stored score's id. */
  _id: number;
  score: number;
  stats_id: number;
  /** The play time the session closed with, or null while it stays open. */
  play_time: number | null;
  /** The player's best on the game and its rank, this round included. */
  best: HighScore;
  /** The challenge as it stands after this round, with the caller's new wallet. */
  challenge: ChallengeOutcome | null;
  /** The match result against a bot, for /summary/{id}. */
  match_id: number | null;
  /** True when the round is held for a fair-play review (ADR 032): off the boards, its challenge unsettled. */
  held: boolean;
}
/** The name a board shows for an entry: the first of SPEC.md's player_name list. */
export const shownName = (entry: LeaderboardEntry) =>
  entry.player_name[0] ?? "";

/** A game's all-time board as a page shows it: the entries and the signed-in player's own best and rank. */
export interface BoardData {
  entries: LeaderboardEntry[];
  standing: HighScore | null;
}

export type BoardPeriod = "daily" | "weekly" | "all";

/**
 * The board a page opens on, as its address chose it (`?scope=following`, `?period=daily|weekly`): the board's
 * switches are links and a get form, so they work without JavaScript too (the page's loader reads them).
 */
export interface PageBoard {
  scope: LeaderboardScope;
  period: BoardPeriod;
  /** The all-time board of `scope`. */
  board: BoardData;
  /** The period's board when `period` is daily or weekly (null when it could not be read). */
  tournament: TournamentBoard | null;
}

/** Where a page's board loads from (app/routes/boards.$gameId.ts). */
export function boardPath(
  gameId: number,
  query: { scope?: LeaderboardScope; period?: BoardPeriod },
): string {
  const search = new URLSearchParams();
  if (query.scope && query.scope !== "everyone")
    search.set("scope", query.scope);
  if (query.period && query.period !== "all")
    search.set("period", query.period);
  const text = search.toString();
  return text ? `/boards/${gameId}?${text}` : `/boards/${gameId}`;
}
