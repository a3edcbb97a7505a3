/** Issue #33: a game's numbers for its developers (/developer/games/:id/stats), one row per UTC day. */

/** How many days the dashboard shows, today included. */
export const STATS_DAYS = 30;

export interface StatsFigures {
  /** Rounds started: signed-in players' play sessions and visitors' rounds. */
  plays: number;
  /** Signed-in players who played (visitors have no identity to count). */
  players: number;
  /** Seconds of play per round that recorded its time; null without one. */
  averageSeconds: number | null;
  /** Rounds that reached a final score, of the rounds started; null without rounds. */
  finishedShare: number | null;
  /** Players whose first round of the game was that day (all days for the total). */
  newPlayers: number;
  /** Of those, the share who played again the next day / seven days on; null until that day is over. */
  returnDay1: number | null;
  returnDay7: number | null;
  likes: number;
  ratings: number;
  adBreaks: number;
  errors: number;
}

export interface StatsDay extends StatsFigures {
  /** YYYY-MM-DD, UTC. */
  day: string;
}

export interface GameStatsReport {
  game: { id: number; name: string };
  /** Oldest first, STATS_DAYS of them, the last one today. */
  days: StatsDay[];
  totals: StatsFigures;
}
