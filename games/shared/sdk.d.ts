/** The global installed by public/sdk/playfeed-sdk.js. */
interface PlayfeedStartOptions {
  seed: number;
  /** Seconds; when set the round ends by itself after this long. */
  duration?: number;
}

interface PlayfeedSDKApi {
  readonly version: number;
  readonly embedded: boolean;
  readonly muted: boolean;
  readonly started: boolean;
  on(type: "start", handler: (options: PlayfeedStartOptions) => void): PlayfeedSDKApi;
  on(type: "pause" | "resume" | "mute" | "unmute", handler: () => void): PlayfeedSDKApi;
  loadingProgress(percent: number): void;
  ready(): void;
  gameLoadingFinished(): void;
  gameplayStart(): void;
  gameplayStop(): void;
  score(value: number): void;
  finalScore(value: number): void;
  happyTime(): void;
  commercialBreak(): Promise<void>;
}

interface Window {
  PlayfeedSDK: PlayfeedSDKApi;
  /** Record and test hooks, present only with ?record=1. */
  __playfeed?: {
    start(seed: number, duration?: number): void;
    step(frames: number): void;
    rngTrace(): number[];
    state(): { score: number; over: boolean; level?: number };
  };
}
