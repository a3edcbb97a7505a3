import { z } from "zod";

/** How many players GET /api/scores/{gameId} ranks. */
export const LEADERBOARD_SIZE = 10;

/** SPEC.md §3 Score entry: player_name is a list (the first is shown). */
export interface LeaderboardEntry {
  rank: number;
  player_id: number;
  player_name: string[];
  profile_img: string | null;
  score: number;
}

/** SPEC.md §3 High score record, with the player's place on the board (null before their first score). */
export interface HighScore {
  score: number;
  rank: number | null;
}

/** The name a board shows for an entry: the first of SPEC.md's player_name list. */
export const shownName = (entry: LeaderboardEntry) =>
  entry.player_name[0] ?? "";

/** GET /api/scores/{gameId}?scope=following: only the signed-in caller and the people they follow. */
export const LeaderboardQuerySchema = z.object({
  scope: z
    .enum(["everyone", "following"], {
      error: "scope must be everyone or following",
    })
    .default("everyone"),
});

export type LeaderboardScope = z.infer<typeof LeaderboardQuerySchema>["scope"];
