import { z } from "zod";
import { idValueSchema } from "./ids";
import { boundedString } from "./input";
import { logValue } from "./runs";
import { playTimeValue, scoreValue } from "./scores";
import { VISITOR_TOKEN_CHARS } from "./visitor-rounds-plain";

export * from "./visitor-rounds-plain";

const tokenValue = boundedString(
  VISITOR_TOKEN_CHARS,
  "token is not this round's",
).regex(/^[A-Za-z0-9_-]{43}$/, "token is not this round's");

/** POST /api/visitor-rounds: a visitor begins a round of one of our games. */
export const StartVisitorRoundSchema = z.object({
  game_id: idValueSchema("game"),
});

/** PUT /api/visitor-rounds/{id}: the round ended; its input log is kept until it is claimed or expires. */
export const FinishVisitorRoundSchema = z.object({
  token: tokenValue,
  score: scoreValue("score"),
  log: logValue,
  play_time: playTimeValue.optional(),
});

/** POST /api/visitor-rounds/{id}/claim: the round goes to the signed-in caller's account, verified by replay. */
export const ClaimVisitorRoundSchema = z.object({ token: tokenValue });
