import { z } from "zod";
import {
  CHALLENGE_MESSAGE_MAX,
  COIN_MESSAGES,
  COIN_STEP,
  MAX_BET,
} from "./coins";
import { idValueSchema } from "./ids";
import { scoreValue } from "./scores";

/** SPEC.md §7 POST /challenge: game, from, to, bet_amount, message, score. */
export const CreateChallengeSchema = z.object({
  game: idValueSchema("game"),
  from: idValueSchema("user"),
  to: idValueSchema("friend"),
  bet_amount: z
    .number({ error: COIN_MESSAGES.addCoins })
    .int(`Bets are whole coins in steps of ${COIN_STEP}`)
    .positive(COIN_MESSAGES.addCoins)
    .max(MAX_BET, `A bet can be at most ${MAX_BET} coins`)
    .refine(
      (bet) => bet % COIN_STEP === 0,
      `Bets go in steps of ${COIN_STEP} coins`,
    ),
  message: z
    .string({ error: COIN_MESSAGES.enterMessage })
    .trim()
    .min(1, COIN_MESSAGES.enterMessage)
    .max(
      CHALLENGE_MESSAGE_MAX,
      `Keep the message under ${CHALLENGE_MESSAGE_MAX} characters`,
    ),
  score: scoreValue("score"),
});

/** SPEC.md §7 POST /challenge/submit: the challenge result. */
export const SubmitChallengeSchema = z.object({
  challengeId: idValueSchema("challenge"),
  score: scoreValue("score"),
});
