import { ApiError, apiFetch } from "./api";
import type { RoundResult } from "#contract/scores";
import {
  VISITOR_ROUND_CLAIM_MINUTES,
  type VisitorRound,
} from "#contract/visitor-rounds";

/**
 * A visitor's finished round, kept in this tab until they sign up or log in (issue #21). sessionStorage, not
 * localStorage: the round belongs to whoever played it in this tab, not to the next person to log in on the device.
 * One at a time: the latest round is the one the result screen offered to keep.
 */

const KEY = "pf:visitor-round";

export interface KeptVisitorRound {
  id: number;
  token: string;
  gameId: number;
  score: number;
  /** Epoch ms after which the server no longer takes it. */
  until: number;
}

export function keepVisitorRound(
  round: VisitorRound,
  score: number,
  now = Date.now(),
): KeptVisitorRound {
  const kept = {
    id: round.id,
    token: round.token,
    gameId: round.game_id,
    score,
    until: now + VISITOR_ROUND_CLAIM_MINUTES * 60_000,
  };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage blocked: the round is still claimed if the player logs in on this page.
  }
  return kept;
}

function forgetVisitorRound() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The round this tab keeps, or null (none, unreadable, or past its time, which is then forgotten). */
export function keptVisitorRound(now = Date.now()): KeptVisitorRound | null {
  let value: Partial<KeptVisitorRound> | null;
  try {
    value = JSON.parse(
      sessionStorage.getItem(KEY) ?? "null",
    ) as Partial<KeptVisitorRound> | null;
  } catch {
    return null;
  }
  if (
    !value ||
    typeof value.id !== "number" ||
    typeof value.token !== "string" ||
    typeof value.gameId !== "number" ||
    typeof value.score !== "number" ||
    typeof value.until !== "number"
  )
    return null;
  if (value.until < now) {
    forgetVisitorRound();
    return null;
  }
  return value as KeptVisitorRound;
}

let claiming: Promise<RoundResult> | null = null;

/**
 * Gives the kept round to the signed-in player (POST /api/visitor-rounds/{id}/claim). One claim at a time per tab;
 * the server answers a repeat the same. The round is forgotten once the server has answered, either way; without a
 * network it stays for the next page.
 */
export function claimVisitorRound(
  kept: KeptVisitorRound,
): Promise<RoundResult> {
  claiming ??= apiFetch<RoundResult>(`/api/visitor-rounds/${kept.id}/claim`, {
    method: "POST",
    json: { token: kept.token },
  })
    .then(
      (result) => {
        forgetVisitorRound();
        return result;
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 0))
          forgetVisitorRound();
        throw error;
      },
    )
    .finally(() => {
      claiming = null;
    });
  return claiming;
}
