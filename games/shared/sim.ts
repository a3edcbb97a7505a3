import type { Rng } from "./rng";

/**
 * A game's rules as a pure simulation: state, one fixed step, and input. No DOM, canvas or audio here,
 * so the same code runs in the browser (which draws the state) and in the Worker (which replays a
 * round's input log to verify its score). Only `ctx.rng` may supply randomness, and nothing may read
 * the clock: the same seed and the same inputs on the same steps give the same round everywhere.
 */

/** One fixed step, in seconds. */
export const STEP = 1 / 60;

/** What a simulation can ask the browser to play; the Worker ignores them. */
export type Effect = "tap" | "score" | "hit" | "over" | "level" | "move";

/**
 * The keys a game may receive, by their index in the input log. The browser maps KeyboardEvent.key onto
 * them ("Spacebar" → " ", capitals → lower case); any other key never reaches a game.
 */
export const KEYS: readonly string[] = [
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  " ",
  "Enter",
  ..."abcdefghijklmnopqrstuvwxyz",
  ..."0123456789",
];

/** The key a game receives for a KeyboardEvent.key, or null for a key no game hears. */
export function gameKey(key: string): string | null {
  const named = key === "Spacebar" ? " " : key;
  const normal = named.length === 1 ? named.toLowerCase() : named;
  return KEYS.includes(normal) ? normal : null;
}

export interface SimContext {
  rng: Rng;
  /** Asks for a sound; a no-op where nothing plays (the Worker, a muted tab). */
  emit: (effect: Effect) => void;
  /**
   * Hidden information the server holds (Memory Match's faces, ADR 014): answered at once in a replay, from the
   * server card by card in the browser. Null while an answer is on its way; the simulation then holds (`ready`).
   */
  deal?: Dealer;
}

export interface Dealer {
  /** The face of `card` on `level`'s board, turned now; null until it is known. */
  reveal(level: number, card: number): number | null;
}

/**
 * The inputs a player (or the demo's autoplay) gives. Pointer coordinates are world units and are
 * rounded to whole units before the simulation sees them, so the log replays exactly.
 */
export interface Input {
  pointerDown: (x: number, y: number) => void;
  pointerMove: (x: number, y: number) => void;
  pointerUp: (x: number, y: number) => void;
  keyDown: (key: string) => void;
  keyUp: (key: string) => void;
}

export interface Simulation extends Partial<Input> {
  /** Points so far; the platform shows and submits it. */
  score: number;
  /** Set when the round is lost or won. */
  over: boolean;
  /**
   * Games that measure progress in levels (leaderboard_type 2) keep the current level here; the
   * platform then receives the level as game_score and final_score, while the HUD shows both.
   */
  level?: number;
  /** Advances the world by one fixed step of STEP seconds. */
  update(): void;
  /**
   * Demo mode: decide this step's input by calling `input`, never the simulation's own handlers, so a
   * demo round is recorded like a player's. Runs before `update`.
   */
  autoplay?(input: Input): void;
  /**
   * False while the simulation waits for its dealer (a face on its way from the server): the round then neither
   * applies inputs nor steps, so the log and its replay are the same whatever the network did. Asking retries.
   */
  ready?(): boolean;
}

export interface Rules<S extends Simulation = Simulation> {
  slug: string;
  /** The world the game simulates in; the browser fits it into any frame. */
  world: { width: number; height: number };
  create(ctx: SimContext): S;
  /**
   * Games that hide information (ADR 014): the dealer that knows all of it from a hidden seed. Their rounds replay
   * only with the cards the server revealed (games/shared/dealer.ts).
   */
  dealer?: (hiddenSeed: number) => Dealer;
}

/** What a simulation ranks: the level for level games, else the score. */
export const ranked = (sim: Simulation) => sim.level ?? sim.score;

/** Helpers most games want. */
export const clamp = (value: number, min: number, max: number) =>
  Math.max(min, Math.min(max, value));
