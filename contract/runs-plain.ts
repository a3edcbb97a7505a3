// The part of `runs.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).

/**
 * A round's input log (games/shared/input-log.ts): base64url text the game records and the server replays from the
 * seed it dealt. A full-length round of any of our games fits in a few kilobytes; this bound stops a flood.
 */
export const MAX_LOG_CHARS = 64 * 1024;

export const RUN_MESSAGES = {
  mismatch: "This score does not match the recorded play",
  tooLong: `This round's input log is too long (at most ${MAX_LOG_CHARS / 1024} KB)`,
  needsLog:
    "This game's rounds are verified by replay: send the round's input log",
  unreadable: "This round's input log cannot be read",
  noSeed:
    "This play session was opened before scores were verified; start the game again",
  tooManySteps: "The recorded play is longer than the play session",
  inhuman: "This round's inputs could not have been played by a person",
  overBudget:
    "This round took too long to check, so it cannot be scored; start a new game",
  external:
    "This game runs on another site, so its scores cannot be verified: it cannot be played for coins",
} as const;

/**
 * A kept run's public id (issue #29): random, so runs cannot be counted or guessed from the sequential session ids.
 * New runs get 22 base64url characters (132 bits); runs kept before it got 24 hex characters from the migration.
 */
export const RUN_ID_PATTERN = /^[A-Za-z0-9_-]{16,32}$/;

export const RUN_NOT_KEPT = "This run was not kept";

export function newRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(17));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .slice(0, 22);
}

/** Where a run is watched. */
export const watchPath = (runId: string) => `/watch/${runId}`;

/** A stored run, to watch it replayed: the seed it was dealt and its inputs. */
export interface RunView {
  run_id: string;
  game_id: number;
  player_id: number;
  player_name: string;
  score: number;
  seed: number;
  /** Games that hide information (ADR 014): the seed its faces were dealt from, answered once the run is scored. */
  hidden_seed: number | null;
  log: string;
  steps: number;
}

/** SPEC.md game `type`: 2 is a game hosted elsewhere (external_link), which the server cannot replay. */
export const EXTERNAL_GAME_TYPE = 2;

/** The challenge rule: the acceptor's first round after accepting settles it. */
export const CHALLENGE_ROUND_MESSAGE =
  "The first round you played after accepting settles this challenge; this round does not count for it";
