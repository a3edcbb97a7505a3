/** The global installed by public/sdk/playfeed-sdk.js; the messages under it are contract/game-protocol.ts, whose test checks `on`'s types here. */
interface PlayfeedStartOptions {
  seed: number;
  /** Seconds; when set the round ends by itself after this long. */
  duration?: number;
  /** Our own games: the input log of this round so far, to carry on from (a reload in a match). */
  resume?: string;
  /** Our own games that hide information: the server deals it, one `reveal` at a time (ADR 014). */
  dealt: boolean;
  /** The signed-in player's public name and picture, or null for a visitor. */
  player: PlayfeedPlayer | null;
}

interface PlayfeedPlayer {
  name: string;
  /** An absolute http(s) URL, or null when the player has no picture. */
  picture: string | null;
}

/** Data the platform keeps for the game between visits: at most 100 keys of up to 100 characters, 64 K characters in all. */
interface PlayfeedStorage {
  /** False until the platform's data has arrived, which it has by the time the start handler runs. */
  readonly loaded: boolean;
  getItem(key: string): string | null;
  /** Throws a RangeError past the limits. */
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** A stored run to replay: the seed it was dealt and its input log. */
interface PlayfeedWatchOptions {
  seed: number;
  log: string;
  /** Steps per tick: 1 is real time, 4 is four times as fast. */
  speed: number;
  /** Games that hide information: the seed it was dealt from, given once the run is scored. */
  hiddenSeed?: number;
}

interface PlayfeedSDKApi {
  readonly version: number;
  readonly embedded: boolean;
  readonly muted: boolean;
  readonly started: boolean;
  /** The signed-in player, once the platform has said so; null for a visitor. */
  readonly player: PlayfeedPlayer | null;
  on(
    type: "start",
    handler: (options: PlayfeedStartOptions) => void,
  ): PlayfeedSDKApi;
  on(
    type: "watch",
    handler: (options: PlayfeedWatchOptions) => void,
  ): PlayfeedSDKApi;
  on(
    type: "speed",
    handler: (options: { speed: number }) => void,
  ): PlayfeedSDKApi;
  on(
    type: "pause" | "resume" | "mute" | "unmute",
    handler: () => void,
  ): PlayfeedSDKApi;
  loadingProgress(percent: number): void;
  ready(): void;
  gameLoadingFinished(): void;
  gameplayStart(): void;
  gameplayStop(): void;
  score(value: number): void;
  /** The round's result, with its input log (games/shared/input-log.ts) when the game records one. */
  finalScore(value: number, log?: string): void;
  /** Our own games, during a round: its input log so far, kept by the page so a reload can resume the round. */
  checkpoint(log: string): void;
  watchEnded(value: number): void;
  /** Games that hide information, started with `dealt`: the face of the card turned as turn number `turn` (from 0). */
  reveal(turn: number, level: number, card: number): Promise<number>;
  happyTime(): void;
  /** A natural break where the platform may show an ad; resolves when it is over. `onStart` runs as an ad shows. */
  commercialBreak(onStart?: () => void): Promise<void>;
  /** An ad the player chose to watch; resolves true only when it was watched to its end (give the reward then). */
  rewardedBreak(onStart?: () => void): Promise<boolean>;
  readonly storage: PlayfeedStorage;
}

interface Window {
  PlayfeedSDK: PlayfeedSDKApi;
  /** Record and test hooks, present only with ?record=1. */
  __playfeed?: {
    start(seed: number, duration?: number): void;
    step(frames: number): void;
    rngTrace(): number[];
    state(): { score: number; over: boolean; level?: number };
    /** The round's input log so far (base64url). */
    log(): string;
  };
}
