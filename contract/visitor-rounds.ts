import { z } from "zod";
import { idValueSchema } from "./ids";
import { boundedString } from "./input";
import { logValue } from "./runs";
import { playTimeValue, scoreValue } from "./scores";

/**
 * A visitor's round (issue #21): the server deals its seed like a play session's, keeps its input log when it ends,
 * and replays it when the visitor, now signed up or logged in, claims it for their account. The claim token is what
 * proves the round is this browser's: it is handed out once and kept hashed.
 */

/** How long a finished visitor round can still be kept by signing up or logging in. */
export const VISITOR_ROUND_CLAIM_MINUTES = 60;

/** A claim token: 32 random bytes, base64url. */
const VISITOR_TOKEN_CHARS = 43;
const tokenValue = boundedString(
  VISITOR_TOKEN_CHARS,
  "token is not this round's",
).regex(/^[A-Za-z0-9_-]{43}$/, "token is not this round's");

export const VISITOR_ROUND_MESSAGES = {
  signedIn: "You are signed in: play the game to have your round counted",
  unknown: "This round cannot be found; play a new one to keep its score",
  expired: `A round can be kept for ${VISITOR_ROUND_CLAIM_MINUTES} minutes after it ends; play a new one`,
  unfinished: "This round has not ended yet",
  finished: "This round has already ended",
  notReplayable:
    "This game's rounds cannot be verified, so a visitor's round cannot be kept",
  otherAccount: "This round has already been kept by another account",
} as const;

/** POST /api/visitor-rounds: a visitor begins a round of one of our games. */
export const StartVisitorRoundSchema = z.object({
  game_id: idValueSchema("game"),
});

/** The answer: the round, the seed to play it from, and the token that claims it later. */
export interface VisitorRound {
  id: number;
  game_id: number;
  seed: number;
  token: string;
}

/** PUT /api/visitor-rounds/{id}: the round ended; its input log is kept until it is claimed or expires. */
export const FinishVisitorRoundSchema = z.object({
  token: tokenValue,
  score: scoreValue("score"),
  log: logValue,
  play_time: playTimeValue.optional(),
});

/** POST /api/visitor-rounds/{id}/claim: the round goes to the signed-in caller's account, verified by replay. */
export const ClaimVisitorRoundSchema = z.object({ token: tokenValue });
