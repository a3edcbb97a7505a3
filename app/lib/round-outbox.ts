import { ApiError } from "./api";

/**
 * Finished rounds waiting to reach the server (issue #18): a round's submission is written here before it is sent and
 * removed once the server has answered, so neither a dead network nor a reload loses it. `deliverRound` retries with
 * backoff for as long as the answer is "no network" (or the server is briefly unwell); any other answer is final.
 * A repeat is safe: the play session is the round's idempotency key, and a session that already has a score is
 * refused without writing anything, which here means the round was saved by an earlier try.
 */

const KEY = "pf:round-outbox";
/** A round older than this cannot be scored any more (its session has long expired): it is dropped, not sent. */
export const OUTBOX_MAX_AGE_MS = 60 * 60 * 1000;
/** Waits between tries: 1 s, 2 s, 4 s, 8 s, then every 15 s (sooner when the browser says it is back online). */
export const retryDelay = (attempt: number) =>
  Math.min(1000 * 2 ** Math.max(0, attempt - 1), 15_000);

export interface PendingRound {
  id: string;
  /** The POST /api/scores body. */
  body: Record<string, unknown>;
  /** When it was kept (epoch ms). */
  at: number;
}

/** The message the server gives a repeat of a round it already scored. */
const ALREADY_SCORED = "This play session already has a score";

function read(): PendingRound[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? (value as PendingRound[]) : [];
  } catch {
    return [];
  }
}

function write(rounds: PendingRound[]) {
  try {
    if (rounds.length) localStorage.setItem(KEY, JSON.stringify(rounds));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked (a private window): the round is still sent from memory, just not kept across reloads.
  }
}

/** Keeps a round's submission until `deliverRound` hears the server's answer. */
export function keepRound(body: Record<string, unknown>): PendingRound {
  const round = { id: `${Date.now()}-${Math.random()}`, body, at: Date.now() };
  write([...read().filter((one) => one.id !== round.id), round]);
  return round;
}

function dropRound(id: string) {
  write(read().filter((one) => one.id !== id));
}

/** Rounds kept by earlier pages that never heard back; too old ones are dropped on the way. */
export function pendingRounds(now = Date.now()): PendingRound[] {
  const rounds = read();
  const fresh = rounds.filter((one) => now - one.at < OUTBOX_MAX_AGE_MS);
  if (fresh.length !== rounds.length) write(fresh);
  return fresh;
}

/** True for an answer that says nothing about the round: no network, a timeout, the server briefly unwell. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 429 ||
  error.status >= 500;

/** Resolves after `ms`, or as soon as the browser says it is online again. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}

/**
 * Sends a kept round until the server answers: its result, or null when an earlier try had already saved it. A refusal
 * (a 4xx other than "already scored") is thrown, and the round is dropped: sending it again would be refused again.
 * `onRetry` hears each failed try that will be tried again.
 */
export async function deliverRound<T>(
  round: PendingRound,
  send: (body: Record<string, unknown>) => Promise<T>,
  onRetry: (attempt: number, error: unknown) => void = () => undefined,
): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await send(round.body);
      dropRound(round.id);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.message === ALREADY_SCORED) {
        dropRound(round.id);
        return null;
      }
      if (!isTransient(error)) {
        dropRound(round.id);
        throw error;
      }
      onRetry(attempt, error);
      await pause(retryDelay(attempt));
    }
  }
}
