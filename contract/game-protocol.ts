import { z } from "zod";
import { RevealCardSchema } from "./card-faces";
import { storageKey, storageValue, type GameData } from "./game-data";
import { logValue } from "./runs";
import { MAX_SCORE } from "./scores";

/**
 * The game SDK's protocol, written once: what a game frame (public/sdk/playfeed-sdk.js) and the page that embeds it
 * (app/lib/game-bridge.ts) say to each other with postMessage. docs/game-sdk.md tells game makers about it; the unit
 * test beside this file reads the SDK's script and its typings (games/shared/sdk.d.ts) and checks they say exactly
 * these messages.
 */

/** The `source` of every message a game's SDK sends. */
export const GAME_SOURCE = "playfeed-game";
/** The `source` of every message the page sends a game. */
export const PLATFORM_SOURCE = "playfeed-platform";

const GAME = z.literal(GAME_SOURCE);
const score = z.number().int().nonnegative().max(MAX_SCORE);
/** The SDK numbers its ad breaks so that each answer finds its question. */
const breakId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** How much of an uncaught error the SDK reports: the start of its message and of its script's address. */
export const GAME_ERROR_LIMITS = { message: 500, file: 500, perSecond: 5 };
/** A page size in CSS pixels; the SDK caps what it reports at the maximum. */
const pixels = z.number().int().nonnegative().max(100_000);

export const gameMessageSchema = z.discriminatedUnion("type", [
  /** The SDK's first word, as its script runs: the platform answers each one with `welcome` (a page may reload). */
  z.object({ source: GAME, type: z.literal("hello") }),
  z.object({ source: GAME, type: z.literal("ready") }),
  z.object({
    source: GAME,
    type: z.literal("loading"),
    value: z.number().min(0).max(100),
  }),
  z.object({ source: GAME, type: z.literal("gameplay_start") }),
  z.object({ source: GAME, type: z.literal("gameplay_stop") }),
  z.object({ source: GAME, type: z.literal("game_score"), value: score }),
  /** Our own games add the round's input log, which the server replays (games/shared/input-log.ts). */
  z.object({
    source: GAME,
    type: z.literal("final_score"),
    value: score,
    log: logValue.optional(),
  }),
  /** A watched run has reached its end, at this score. */
  z.object({ source: GAME, type: z.literal("watch_end"), value: score }),
  /** Our own games, during a round: its input log so far, kept so a reload can resume the round. */
  z.object({ source: GAME, type: z.literal("checkpoint"), log: logValue }),
  z.object({ source: GAME, type: z.literal("happy_time") }),
  /** A card turned in a game that hides its faces (ADR 014): the page asks the server and answers `revealed`. */
  z.object({
    source: GAME,
    type: z.literal("reveal"),
    ...RevealCardSchema.shape,
  }),
  /**
   * A natural break where the game would show an ad (an interstitial), or an ad the player chose to watch for a reward.
   * The platform answers `ad_break_done` with the same id once the break is over; an SDK that sent no id waits for none.
   */
  z.object({
    source: GAME,
    type: z.literal("commercial_break"),
    id: breakId.optional(),
  }),
  z.object({ source: GAME, type: z.literal("rewarded_break"), id: breakId }),
  /**
   * An error the game did not catch (or a promise it left rejected), a few a second at most: the developer's inspector
   * lists them and its checklist counts them, and the play screen records them for the game's dashboard. Where it was
   * thrown is `file`, since `source` names the sender.
   */
  z.object({
    source: GAME,
    type: z.literal("game_error"),
    message: z.string().max(GAME_ERROR_LIMITS.message),
    file: z.string().max(GAME_ERROR_LIMITS.file).optional(),
    line: z.number().int().nonnegative().max(10_000_000).optional(),
  }),
  /**
   * The game's page size against its frame, once it is ready and after each resize: scroll sizes above the inner
   * size mean the page does not fit without scroll bars (ADR 040).
   */
  z.object({
    source: GAME,
    type: z.literal("layout"),
    width: pixels,
    height: pixels,
    scrollWidth: pixels,
    scrollHeight: pixels,
  }),
]);

export type GameMessage = z.infer<typeof gameMessageSchema>;

export const storageMessageSchema = z.discriminatedUnion("type", [
  z.object({
    source: GAME,
    type: z.literal("storage_set"),
    key: storageKey,
    value: storageValue,
  }),
  z.object({
    source: GAME,
    type: z.literal("storage_remove"),
    key: storageKey,
  }),
  z.object({ source: GAME, type: z.literal("storage_clear") }),
]);

export type StorageMessage = z.infer<typeof storageMessageSchema>;

/**
 * The signed-in player as a game may see them (CrazyGames' user.getUser()): the public name and picture the boards
 * show anyway, nothing else. The SDK checks the same bounds.
 */
export const gamePlayerSchema = z.object({
  name: z.string().min(1).max(50),
  picture: z
    .string()
    .max(2048)
    .regex(/^https?:\/\//)
    .nullable(),
});

export type GamePlayer = z.infer<typeof gamePlayerSchema>;

export type PlatformCommand =
  /**
   * The answer to each `hello`: the player and the game's data, so a game that reads them while it loads (the portal
   * aliases' init(), data and getUser) has them. The connection adds the data, or `unavailable` when the player's data
   * cannot be had; it sends another with the data if it comes later.
   */
  | {
      type: "welcome";
      player: GamePlayer | null;
      storage?: GameData;
      unavailable?: true;
    }
  /** The connection adds the game's stored data to every start; the SDK loads it from the first one. */
  | {
      type: "start";
      seed: number;
      duration?: number;
      storage?: GameData;
      /** Our own games: the input log of the round to carry on from (a reload in a match). */
      resume?: string;
      /** The server deals what the game hides: it asks for each face with `reveal` (ADR 014). */
      dealt?: boolean;
      player?: GamePlayer | null;
    }
  /** Replays a stored run: the game steps its own simulation through the log, `speed` steps per tick. */
  | {
      type: "watch";
      seed: number;
      log: string;
      speed: number;
      /** Games that hide information: the seed its faces were dealt from. */
      hiddenSeed?: number;
    }
  /** The face of the card a game turned as `turn`, or (no face) why the server would not turn it. */
  | { type: "revealed"; turn: number; face?: number; message?: string }
  | { type: "speed"; speed: number }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "mute" }
  | { type: "unmute" }
  /** The ad of break `id` is about to show (Poki's onStart, CrazyGames' adStarted). */
  | { type: "ad_break_start"; id: number }
  /** Break `id` is over; `rewarded` only for a rewarded break whose ad was watched to its end. */
  | { type: "ad_break_done"; id: number; shown: boolean; rewarded: boolean };

/** Every message type a game's SDK sends the page. */
export const GAME_MESSAGE_TYPES = [
  ...gameMessageSchema.options,
  ...storageMessageSchema.options,
].map((option) => option.shape.type.value);

/** Every command type the page sends a game; `satisfies` keeps this list and PlatformCommand the same. */
export const PLATFORM_COMMAND_TYPES = Object.keys({
  welcome: true,
  start: true,
  watch: true,
  revealed: true,
  speed: true,
  pause: true,
  resume: true,
  mute: true,
  unmute: true,
  ad_break_start: true,
  ad_break_done: true,
} satisfies Record<PlatformCommand["type"], true>);

/** The commands a game hears through `PlayfeedSDK.on(type, handler)`; the rest the SDK answers itself. */
export const GAME_EVENT_TYPES = [
  "start",
  "watch",
  "speed",
  "pause",
  "resume",
  "mute",
  "unmute",
] as const satisfies readonly PlatformCommand["type"][];
