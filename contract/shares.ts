import { z } from "zod";
import { formatNumber } from "./format";
import { idSchema, idValueSchema } from "./ids";
import { boundedString } from "./input";

/** A share's public id: 12 letters and digits, random (about 71 bits), in /scores/{id}. */
export const SHARE_ID_LENGTH = 12;
const SHARE_ID_PATTERN = /^[A-Za-z0-9]{12}$/;

const ONE_RESULT = "Name either a round (score_id) or a match (match_id)";

/** POST /api/shares: the caller's round or their side of a match to make public. */
export const ShareScoreSchema = z
  .object({
    score_id: idValueSchema("score").optional(),
    match_id: idValueSchema("match").optional(),
  })
  .refine(
    (input) =>
      (input.score_id === undefined) !== (input.match_id === undefined),
    {
      error: ONE_RESULT,
    },
  );

/** The result and summary screens' Share my score form: the same fields, as text. */
export const ShareScoreFormSchema = z
  .object({
    score_id: idSchema("score").optional(),
    match_id: idSchema("match").optional(),
  })
  .refine(
    (input) =>
      (input.score_id === undefined) !== (input.match_id === undefined),
    {
      error: ONE_RESULT,
    },
  );

/** A share's id from a path; anything else is simply not a share (404), never a lookup. */
export const shareIdSchema = boundedString(
  SHARE_ID_LENGTH,
  "Unknown share",
).regex(SHARE_ID_PATTERN, "Unknown share");

export const sharePath = (id: string) => `/scores/${id}`;
export const shareCardPath = (id: string) => `/cards/scores/${id}.png`;

/** What creating a share answers; the same share again for a result shared before. */
export interface ScoreShare {
  id: string;
  /** The public page, absolute. */
  url: string;
  /** Its card, absolute. */
  card_url: string;
  /** False when the result had been shared before and this is that share. */
  created: boolean;
}

/** A shared result as its public page shows it. */
export interface SharedScore {
  id: string;
  game: {
    _id: number;
    name: string;
    category: string;
    icon: string;
    poster: string | null;
    leaderboard_type: number;
  };
  player: { name: string; profile_img: string | null };
  score: number;
  /** A match: the other side and how it ended for the player; null for a single-player round. */
  match: {
    opponent: string;
    opponent_is_bot: boolean;
    opponent_score: number;
    outcome: "win" | "lose" | "draw";
  } | null;
  created_dt: string;
}

/** A score as a sentence shows it: "42", or "level 7" where the game counts levels. */
export const scoreText = (score: number, leaderboardType: number) =>
  leaderboardType === 2 ? `level ${formatNumber(score)}` : formatNumber(score);

/** The shared result in one sentence: the page's title and what a link preview says. */
export function shareHeadline(shared: SharedScore): string {
  const { player, game, match } = shared;
  const own = scoreText(shared.score, game.leaderboard_type);
  if (match) {
    const other = scoreText(match.opponent_score, game.leaderboard_type);
    const verb = { win: "beat", lose: "played", draw: "drew with" }[
      match.outcome
    ];
    return `${player.name} ${verb} ${match.opponent} ${own} to ${other} on ${game.name}`;
  }
  return game.leaderboard_type === 2
    ? `${player.name} reached ${own} on ${game.name}`
    : `${player.name} scored ${own} on ${game.name}`;
}
