// The part of `visitor-rounds.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).

/**
 * A visitor's round (issue #21): the server deals its seed like a play session's, keeps its input log when it ends,
 * and replays it when the visitor, now signed up or logged in, claims it for their account. The claim token is what
 * proves the round is this browser's: it is handed out once and kept hashed.
 */

/** How long a finished visitor round can still be kept by signing up or logging in. */
export const VISITOR_ROUND_CLAIM_MINUTES = 60;

/** A claim token: 32 random bytes, base64url. */
export const VISITOR_TOKEN_CHARS = 43;

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

/** The answer: the round, the seed to play it from, and the token that claims it later. */
export interface VisitorRound {
  id: number;
  game_id: number;
  seed: number;
  token: string;
}
