import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { acceptGameMessage } from "./game-bridge";

/**
 * public/sdk/playfeed-sdk.js is served as it is, so it is tested here, beside the bridge it talks to: run in a bare
 * window of its own, every message it posts must be one the platform's schemas accept.
 */

const SDK = readFileSync(
  new URL("../../public/sdk/playfeed-sdk.js", import.meta.url),
  "utf8",
);
const PLATFORM = "https://playfeed.app";
const GAME_URL = "https://games.example/tap/index.html?gdlevel=3";

/** The parts of the portals' documented APIs these tests call. */
interface PokiApi {
  init(): Promise<void>;
  setDebug(on: boolean): void;
  gameLoadingStart(): void;
  gameLoadingProgress(progress: { percentageDone: number }): void;
  gameLoadingFinished(): void;
  gameplayStart(): void;
  gameplayStop(): void;
  happyTime(intensity?: number): void;
  commercialBreak(onStart?: () => void): Promise<void>;
  rewardedBreak(
    onStart?: (() => void) | { onStart?: () => void },
  ): Promise<boolean>;
  shareableURL(params: Record<string, string>): Promise<string>;
  getURLParam(name: string): string;
  isAdBlocked(): boolean;
  login(): Promise<void>;
  getToken(): Promise<string | null>;
  getUser(): Promise<{
    username: string;
    avatarUrl: string;
    optedIn: boolean;
  } | null>;
  getLanguage(): string;
  getDeviceInfo(): { category: string };
  setPlaytestCanvas(canvas: unknown): void;
  [other: string]: unknown;
}

type Callback = (error: unknown, value?: unknown) => void;
type Answer = (callback?: Callback) => Promise<unknown>;

interface CrazyGamesApi {
  SDK: {
    environment: string;
    init(): Promise<void>;
    getEnvironment: Answer;
    game: Record<
      | "loadingStart"
      | "loadingStop"
      | "sdkGameLoadingStart"
      | "sdkGameLoadingStop"
      | "gameplayStart"
      | "gameplayStop"
      | "happytime",
      Answer
    > & {
      inviteLink(params: Record<string, string>): string | Promise<string>;
      settings: { muteAudio: boolean; disableChat: boolean };
      addSettingsChangeListener(
        listener: (settings: { muteAudio: boolean }) => void,
      ): void;
      removeSettingsChangeListener(listener: unknown): void;
    };
    ad: {
      requestAd(
        type: "midgame" | "rewarded",
        callbacks?: {
          adStarted?: () => void;
          adFinished?: () => void;
          adError?: (error: { code: string; message: string }) => void;
        },
      ): Promise<void>;
      hasAdblock: Answer;
    };
    banner: Record<
      "requestBanner" | "requestResponsiveBanner",
      (request: unknown, callback?: Callback) => Promise<void>
    >;
    data: {
      getItem(key: string): string | null;
      setItem(key: string, value: unknown): void;
      removeItem(key: string): void;
      clear(): void;
    };
    user: {
      isUserAccountAvailable: boolean | Answer;
      getUser(callback?: Callback): Promise<{
        username: string;
        profilePictureUrl: string | null;
      } | null>;
      showAuthPrompt: Answer;
      showAccountLinkPrompt: Answer;
      getUserToken: Answer;
    };
  };
}

interface GameWindow {
  name: string;
  PlayfeedSDK: {
    player: { name: string; picture: string | null } | null;
    storage: {
      loaded: boolean;
      getItem(key: string): string | null;
      setItem(key: string, value: string): void;
    };
    on(type: string, handler: () => void): unknown;
  };
  PokiSDK: PokiApi;
  CrazyGames: CrazyGamesApi;
  localStorage: Storage & Record<string, unknown>;
  sessionStorage: Storage;
  requestAnimationFrame(callback: (time: number) => void): number;
  cancelAnimationFrame(id: number): void;
  AudioContext: new () => FakeAudioContext;
}

/** An AudioContext as far as the SDK uses one: its state, suspend and resume. */
class FakeAudioContext {
  state: "running" | "suspended" | "closed" = "running";
  suspend() {
    this.state = "suspended";
    return Promise.resolve();
  }
  resume() {
    this.state = "running";
    return Promise.resolve();
  }
}

/** A page's event target: listeners by type, and the types dispatched, in order. */
function eventTarget<T extends object>(base: T) {
  const listeners: Record<string, Array<(event: unknown) => void>> = {};
  const dispatched: string[] = [];
  return Object.assign(base, {
    listeners,
    dispatched,
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      (listeners[type] ??= []).push(listener);
    },
    dispatchEvent: (event: Event) => {
      dispatched.push(event.type);
      for (const listener of listeners[event.type] ?? []) listener(event);
      return true;
    },
  });
}

function loadSdk({
  embedded = true,
  globals = {},
  name = "",
  storageThrows = false,
}: {
  embedded?: boolean;
  globals?: Record<string, unknown>;
  /** The frame's name as the platform set it. */
  name?: string;
  /** The browser refuses the frame its storage (blocked third-party storage). */
  storageThrows?: boolean;
} = {}) {
  const posted: unknown[] = [];
  const parent = {
    postMessage: (message: unknown, target: string) => {
      expect(target).toBe(PLATFORM);
      posted.push(JSON.parse(JSON.stringify(message)));
    },
  };
  const url = new URL(GAME_URL);
  const frames: Array<{ id: number; callback: (time: number) => void }> = [];
  let nextFrame = 1;
  const document = eventTarget({
    referrer: "",
    hidden: false,
    visibilityState: "visible",
  });
  const window: Record<string, unknown> = eventTarget({
    name,
    location: {
      href: url.href,
      search: url.search,
      ancestorOrigins: embedded ? [PLATFORM] : [],
    },
    document,
    navigator: { language: "en-GB", userAgent: "Mozilla/5.0 (X11; Linux)" },
    URL,
    URLSearchParams,
    Event,
    DOMException,
    AudioContext: FakeAudioContext,
    setTimeout: (callback: () => void, ms?: number) => setTimeout(callback, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
    requestAnimationFrame: (callback: (time: number) => void) => {
      frames.push({ id: nextFrame, callback });
      return nextFrame++;
    },
    cancelAnimationFrame: (id: number) => {
      const at = frames.findIndex((frame) => frame.id === id);
      if (at >= 0) frames.splice(at, 1);
    },
  });
  for (const storageName of ["localStorage", "sessionStorage"])
    Object.defineProperty(window, storageName, {
      configurable: true,
      get: () => {
        if (storageThrows)
          throw new DOMException("Access is denied", "SecurityError");
        return null;
      },
    });
  for (const [key, value] of Object.entries(globals))
    Object.defineProperty(window, key, {
      configurable: true,
      writable: true,
      value,
    });
  window.window = window;
  window.parent = embedded ? parent : window;
  runInNewContext(SDK, window);
  const fromPlatform = (
    data: Record<string, unknown>,
    { source, origin = PLATFORM }: { source?: unknown; origin?: string } = {},
  ) => {
    for (const listener of (
      window.listeners as Record<string, Array<(event: unknown) => void>>
    ).message ?? [])
      listener({
        source: source ?? parent,
        origin,
        data: { source: "playfeed-platform", ...data },
      });
  };
  /** The types of the messages posted after the hello, each checked against the platform's schemas. */
  const sent = () =>
    posted
      .filter((data) => (data as { type?: string }).type !== "hello")
      .map((data) => {
        const accepted = acceptGameMessage(
          { source: parent, origin: PLATFORM, data },
          parent,
          PLATFORM,
        );
        expect(accepted, JSON.stringify(data)).not.toBeNull();
        return accepted!.type;
      });
  /** The id of the last ad break the game asked for. */
  const lastBreakId = () => {
    const asked = posted.filter(
      (data) =>
        (data as { type?: string }).type === "commercial_break" ||
        (data as { type?: string }).type === "rewarded_break",
    );
    return (asked[asked.length - 1] as { id: number }).id;
  };
  /** The platform's side of a break: its ad starts (when `shown`), then it is over. */
  const answerBreak = (outcome: { shown: boolean; rewarded: boolean }) => {
    const id = lastBreakId();
    if (outcome.shown) fromPlatform({ type: "ad_break_start", id });
    fromPlatform({ type: "ad_break_done", id, ...outcome });
  };
  /** The browser paints a frame: the callbacks waiting for it run. */
  const paint = () => {
    for (const frame of frames.splice(0)) frame.callback(16);
  };
  return {
    game: window as unknown as GameWindow,
    document: document as unknown as Document & { dispatched: string[] },
    windowEvents: window.dispatched as string[],
    posted,
    fromPlatform,
    sent,
    lastBreakId,
    answerBreak,
    paint,
  };
}

const ben = { name: "Ben", picture: "https://playfeed.app/media/ben.png" };

afterEach(() => vi.useRealTimers());

describe("window.PokiSDK", () => {
  it("maps a Poki game's life onto the bridge", async () => {
    const { game, fromPlatform, sent } = loadSdk();
    const poki = game.PokiSDK;
    const initialised = vi.fn();
    void poki.init().then(initialised);
    poki.setDebug(true);
    poki.gameLoadingStart();
    fromPlatform({ type: "welcome", player: null, storage: [] });
    await vi.waitFor(() => expect(initialised).toHaveBeenCalled());
    poki.gameLoadingFinished();
    poki.gameLoadingFinished();
    poki.gameplayStart();
    poki.happyTime(1);
    poki.gameplayStop();
    expect(sent()).toEqual([
      "loading",
      "ready",
      "gameplay_start",
      "happy_time",
      "gameplay_stop",
    ]);
  });

  it("waits for the platform's break: onStart as its ad shows, a reward only for an ad watched to its end", async () => {
    const { game, fromPlatform, sent, lastBreakId, answerBreak } = loadSdk();
    const poki = game.PokiSDK;
    const onStart = vi.fn();
    const over = vi.fn();
    void poki.commercialBreak(onStart).then(over);
    const id = lastBreakId();
    await Promise.resolve();
    expect(over).not.toHaveBeenCalled();
    // Only the page that embeds the game speaks for the platform.
    fromPlatform({ type: "ad_break_start", id }, { source: { other: 1 } });
    expect(onStart).not.toHaveBeenCalled();
    fromPlatform({ type: "ad_break_start", id });
    expect(onStart).toHaveBeenCalledTimes(1);
    fromPlatform({ type: "ad_break_done", id, shown: true, rewarded: false });
    await vi.waitFor(() => expect(over).toHaveBeenCalledWith(undefined));

    const watched = poki.rewardedBreak({ onStart });
    answerBreak({ shown: true, rewarded: true });
    await expect(watched).resolves.toBe(true);
    expect(onStart).toHaveBeenCalledTimes(2);

    const closed = poki.rewardedBreak();
    answerBreak({ shown: true, rewarded: false });
    await expect(closed).resolves.toBe(false);

    const none = poki.rewardedBreak(onStart);
    answerBreak({ shown: false, rewarded: false });
    await expect(none).resolves.toBe(false);
    expect(onStart).toHaveBeenCalledTimes(2);

    expect(sent()).toEqual([
      "commercial_break",
      "rewarded_break",
      "rewarded_break",
      "rewarded_break",
    ]);
    // Each break has an id of its own.
    expect(lastBreakId()).toBe(id + 3);
  });

  it("has no ad on its own page: a break is over at once, without a reward", async () => {
    const { game, sent } = loadSdk({ embedded: false });
    await expect(game.PokiSDK.commercialBreak()).resolves.toBeUndefined();
    await expect(game.PokiSDK.rewardedBreak()).resolves.toBe(false);
    expect(sent()).toEqual([]);
  });

  it("shares a link to the game that getURLParam reads back, and other calls do nothing", async () => {
    const { game, sent } = loadSdk();
    const poki = game.PokiSDK;
    const link = new URL(await poki.shareableURL({ room: "ab 12" }));
    expect(link.origin + link.pathname).toBe(
      "https://games.example/tap/index.html",
    );
    expect(link.searchParams.get("gdroom")).toBe("ab 12");
    expect(poki.getURLParam("level")).toBe("3");
    expect(poki.getURLParam("missing")).toBe("");
    expect(poki.isAdBlocked()).toBe(false);
    for (const name of ["displayAd", "destroyAd", "customEvent", "measure"])
      expect((poki[name] as () => unknown)()).toBeUndefined();
    expect(sent()).toEqual([]);
  });

  it("leaves a Poki SDK the page loaded itself alone", () => {
    const own = { init: () => "Poki's own" };
    const { game } = loadSdk({ globals: { PokiSDK: own } });
    expect(game.PokiSDK).toBe(own);
  });
});

describe("window.CrazyGames.SDK", () => {
  it("waits in init for the platform's data and player, then answers data and getUser from them", async () => {
    const { game, fromPlatform, sent } = loadSdk();
    const crazy = game.CrazyGames.SDK;
    expect(crazy.environment).toBe("crazygames");
    const initialised = vi.fn();
    void crazy.init().then(initialised);
    await Promise.resolve();
    expect(initialised).not.toHaveBeenCalled();
    fromPlatform({ type: "welcome", player: ben, storage: [["level", "4"]] });
    await vi.waitFor(() => expect(initialised).toHaveBeenCalled());

    expect(crazy.data.getItem("level")).toBe("4");
    crazy.data.setItem("level", 5);
    crazy.data.removeItem("coins");
    crazy.data.clear();
    expect(crazy.data.getItem("level")).toBeNull();
    await expect(crazy.user.getUser()).resolves.toEqual({
      username: "Ben",
      profilePictureUrl: ben.picture,
    });
    expect(sent()).toEqual(["storage_set", "storage_remove", "storage_clear"]);
  });

  it("maps loading, gameplay and happy time onto the bridge", () => {
    const { game, sent } = loadSdk();
    const { game: module } = game.CrazyGames.SDK;
    for (const call of [
      module.loadingStart,
      module.loadingStop,
      module.gameplayStart,
      module.happytime,
      module.gameplayStop,
      module.loadingStop,
    ])
      void call();
    expect(sent()).toEqual([
      "loading",
      "ready",
      "gameplay_start",
      "happy_time",
      "gameplay_stop",
    ]);
  });

  it("maps requestAd onto the platform's breaks: unfilled without an ad, adFinished for a reward only once watched", async () => {
    const { game, sent, answerBreak } = loadSdk();
    const { ad } = game.CrazyGames.SDK;
    const request = (
      type: "midgame" | "rewarded",
      outcome: { shown: boolean; rewarded: boolean },
    ) => {
      const callbacks = {
        adStarted: vi.fn(),
        adFinished: vi.fn(),
        adError: vi.fn(),
      };
      void ad.requestAd(type, callbacks);
      answerBreak(outcome);
      return callbacks;
    };
    const unfilled = request("midgame", { shown: false, rewarded: false });
    await vi.waitFor(() => expect(unfilled.adError).toHaveBeenCalled());
    expect(unfilled.adError.mock.calls[0][0]).toMatchObject({
      code: "unfilled",
    });
    expect(unfilled.adStarted).not.toHaveBeenCalled();
    expect(unfilled.adFinished).not.toHaveBeenCalled();

    const midgame = request("midgame", { shown: true, rewarded: false });
    await vi.waitFor(() => expect(midgame.adFinished).toHaveBeenCalled());
    expect(midgame.adStarted).toHaveBeenCalled();

    const closed = request("rewarded", { shown: true, rewarded: false });
    await vi.waitFor(() => expect(closed.adError).toHaveBeenCalled());
    expect(closed.adStarted).toHaveBeenCalled();
    expect(closed.adFinished).not.toHaveBeenCalled();

    const watched = request("rewarded", { shown: true, rewarded: true });
    await vi.waitFor(() => expect(watched.adFinished).toHaveBeenCalled());
    expect(watched.adError).not.toHaveBeenCalled();

    void ad.requestAd("midgame");
    answerBreak({ shown: true, rewarded: false });
    await expect(ad.hasAdblock()).resolves.toBe(false);
    expect(sent()).toEqual([
      "commercial_break",
      "commercial_break",
      "rewarded_break",
      "rewarded_break",
      "commercial_break",
    ]);
  });

  it("has no user for a visitor, nor for a player that breaks the bounds", async () => {
    for (const player of [
      null,
      { name: "x".repeat(51), picture: null },
      { name: "Ben", picture: "javascript:alert(1)" },
      { name: "Ben" },
    ]) {
      const { game, fromPlatform } = loadSdk();
      fromPlatform({ type: "start", seed: 1, player });
      await expect(game.CrazyGames.SDK.user.getUser()).resolves.toBeNull();
    }
    const { game, fromPlatform } = loadSdk();
    fromPlatform({ type: "start", seed: 1, player: ben });
    expect(game.PlayfeedSDK.player).toEqual(ben);
  });

  it("tells init the data cannot be had: a welcome that says so, or no word in 20 s; at once on its own page", async () => {
    const { game, fromPlatform } = loadSdk();
    const refused = game.CrazyGames.SDK.init();
    fromPlatform({ type: "welcome", player: null, unavailable: true });
    await expect(refused).rejects.toMatchObject({ code: "unexpectedError" });
    await expect(game.PokiSDK.init()).rejects.toThrow(/cannot be had/);
    expect(game.PlayfeedSDK.storage.loaded).toBe(false);
    // The data comes later, with another welcome: init now resolves with it.
    fromPlatform({ type: "welcome", player: null, storage: [["gold", "310"]] });
    await expect(game.CrazyGames.SDK.init()).resolves.toBeUndefined();
    expect(game.CrazyGames.SDK.data.getItem("gold")).toBe("310");

    vi.useFakeTimers();
    const late = loadSdk().game;
    const outcome = vi.fn();
    late.CrazyGames.SDK.init().then(
      () => {
        outcome("resolved");
      },
      (error: { code: string }) => {
        outcome(error.code);
      },
    );
    const poki = late.PokiSDK.init().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith("unexpectedError");
    expect(await poki).toMatch(/in 20 seconds/);
    vi.useRealTimers();

    const alone = loadSdk({ embedded: false });
    expect(alone.posted).toEqual([]);
    expect(alone.game.CrazyGames.SDK.environment).toBe("local");
    await expect(alone.game.CrazyGames.SDK.init()).resolves.toBeUndefined();
    await expect(alone.game.PokiSDK.init()).resolves.toBeUndefined();
    await expect(alone.game.CrazyGames.SDK.user.getUser()).resolves.toBeNull();
  });

  it("never resolves init in a frame before the data: a welcome without storage or unavailable is not enough", async () => {
    vi.useFakeTimers();
    const { game, fromPlatform, posted } = loadSdk();
    expect(posted[0]).toEqual({ source: "playfeed-game", type: "hello" });
    const initialised = vi.fn();
    void game.CrazyGames.SDK.init().then(initialised, () => {});
    fromPlatform({ type: "welcome", player: ben });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(initialised).not.toHaveBeenCalled();
    fromPlatform({ type: "welcome", player: ben, storage: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(initialised).toHaveBeenCalled();
  });

  it("believes a welcome only from the platform's window and origin", async () => {
    const { game, fromPlatform } = loadSdk();
    const welcome = { type: "welcome", player: ben, storage: [["k", "v"]] };
    fromPlatform(welcome, { source: { other: true } });
    fromPlatform(welcome, { origin: "https://evil.example" });
    const sdk = game.PlayfeedSDK;
    expect(sdk.player).toBeNull();
    expect(sdk.storage.loaded).toBe(false);
    vi.useFakeTimers();
    const user = game.CrazyGames.SDK.user.getUser();
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(user).resolves.toBeNull();
  });
});

describe("the portals' documented surface", () => {
  // poki/npm-sdk dist/index.d.ts and the v2 loader's list (game-cdn.poki.com/scripts/v2/poki-sdk.js).
  const POKI_PROMISES = [
    "init",
    "initWithVideoHB",
    "commercialBreak",
    "rewardedBreak",
    "shareableURL",
    "getUser",
    "getToken",
    "getLeaderboard",
  ];
  const POKI_CALLS = [
    "setDebug",
    "setLogging",
    "gameLoadingStart",
    "gameLoadingProgress",
    "gameLoadingFinished",
    "gameInteractive",
    "gameplayStart",
    "gameplayStop",
    "roundStart",
    "roundEnd",
    "happyTime",
    "displayAd",
    "destroyAd",
    "muteAd",
    "showLeaderboard",
    "sendHighscore",
    "openExternalLink",
    "movePill",
    "measure",
    "customEvent",
    "logError",
    "captureError",
    "enableEventTracking",
    "setDebugTouchOverlayController",
    "setPlayerAge",
    "setPlaytestCanvas",
    "playtestSetCanvas",
    "playtestCaptureHtmlOnce",
    "playtestCaptureHtmlForce",
    "playtestCaptureHtmlOn",
    "playtestCaptureHtmlOff",
  ];

  it("has every Poki v2 call, Promises where Poki's are, and lets a template's loader run past setPlaytestCanvas", async () => {
    const { game, fromPlatform, sent } = loadSdk();
    fromPlatform({ type: "welcome", player: ben, storage: [] });
    const poki = game.PokiSDK;
    for (const name of POKI_CALLS) {
      expect(typeof poki[name], name).toBe("function");
      expect((poki[name] as () => unknown)(), name).toBeUndefined();
    }
    for (const name of POKI_PROMISES)
      expect(typeof (poki[name] as () => Promise<unknown>)().then, name).toBe(
        "function",
      );
    await expect(poki.login()).rejects.toThrow(/sign in on Playfeed/);
    await expect(poki.getToken()).resolves.toBeNull();
    await expect(poki.getUser()).resolves.toEqual({
      username: "Ben",
      avatarUrl: ben.picture,
      optedIn: true,
    });
    expect(poki.getLanguage()).toBe("en");
    expect(poki.getDeviceInfo()).toEqual({ category: "desktop" });

    // erikdubbelboer/poki-pixijs-template src/loader.js: the last loading task.
    const loader = () => {
      poki.gameLoadingFinished();
      poki.setPlaytestCanvas({});
      return "done";
    };
    expect(loader()).toBe("done");
    expect(sent()).toContain("ready");
  });

  it("maps gameLoadingProgress only when it must be a percentage", () => {
    const { game, posted } = loadSdk();
    for (const percentageDone of [0.5, 1, 40, 40.2, 100, 250])
      game.PokiSDK.gameLoadingProgress({ percentageDone });
    expect(
      posted.filter((data) => (data as { type: string }).type === "loading"),
    ).toEqual([
      { source: "playfeed-game", type: "loading", value: 40 },
      { source: "playfeed-game", type: "loading", value: 100 },
    ]);
  });

  it("answers CrazyGames v2 calls with Promises and callbacks, as a v2 game chains them", async () => {
    const { game, sent } = loadSdk();
    const crazy = game.CrazyGames.SDK;
    // A LittleJS game's module top: sdkGameLoadingStart().then(...) before its own loading.
    const order: string[] = [];
    await crazy.game
      .sdkGameLoadingStart()
      .then(() => order.push("started"))
      .then(() => crazy.game.sdkGameLoadingStop())
      .then(() => order.push("stopped"));
    expect(order).toEqual(["started", "stopped"]);
    const callback = vi.fn();
    await crazy.game.gameplayStart(callback);
    expect(callback).toHaveBeenCalledWith(null, undefined);
    await expect(crazy.getEnvironment()).resolves.toBe("crazygames");
    await expect(crazy.ad.hasAdblock()).resolves.toBe(false);
    await expect(
      crazy.banner.requestBanner({ id: "b" }),
    ).resolves.toBeUndefined();
    await expect(crazy.game.happytime()).resolves.toBeUndefined();
    // v2: inviteLink and isUserAccountAvailable answer through Promises.
    await expect(crazy.game.inviteLink({ room: "7" })).resolves.toMatch(
      /gdroom=7/,
    );
    await expect((crazy.user.isUserAccountAvailable as Answer)()).resolves.toBe(
      false,
    );
    const tokenCallback = vi.fn();
    await expect(crazy.user.getUserToken(tokenCallback)).rejects.toMatchObject({
      code: "userNotAuthenticated",
    });
    expect(tokenCallback).toHaveBeenCalledWith(
      expect.objectContaining({ code: "userNotAuthenticated" }),
    );
    expect(sent()).toEqual([
      "loading",
      "ready",
      "gameplay_start",
      "happy_time",
    ]);
  });

  it("answers in v3's shapes once a game called init(), and refuses with rejected Promises carrying v3's codes", async () => {
    const { game, fromPlatform } = loadSdk();
    const crazy = game.CrazyGames.SDK;
    fromPlatform({ type: "welcome", player: null, storage: [] });
    await crazy.init();
    expect(crazy.user.isUserAccountAvailable).toBe(false);
    expect(crazy.game.inviteLink({ roomId: "12" })).toMatch(/gdroomId=12/);
    let refusals: unknown[] = [];
    expect(() => {
      refusals = [
        crazy.user.showAuthPrompt(),
        crazy.user.showAccountLinkPrompt(),
        crazy.user.getUserToken(),
      ];
    }).not.toThrow();
    const codes = await Promise.all(
      refusals.map((refusal) =>
        (refusal as Promise<unknown>).then(
          () => "resolved",
          (error: { code: string }) => error.code,
        ),
      ),
    );
    expect(codes).toEqual([
      "userCancelled",
      "userNotAuthenticated",
      "userNotAuthenticated",
    ]);

    const signedIn = loadSdk();
    signedIn.fromPlatform({ type: "welcome", player: ben, storage: [] });
    await expect(
      signedIn.game.CrazyGames.SDK.user.showAuthPrompt(),
    ).rejects.toMatchObject({ code: "userAlreadySignedIn" });
    await expect(
      signedIn.game.CrazyGames.SDK.user.showAccountLinkPrompt(),
    ).resolves.toEqual({ response: "no" });
  });
});

describe("the game's data before its first line", () => {
  it("is in the frame's name: loaded synchronously for the script after the SDK, and the name is cleared", async () => {
    const entries = [
      ["gold", "310"],
      ["miners", "2"],
    ];
    const { game, posted } = loadSdk({
      name: "playfeed-data:" + JSON.stringify(entries),
    });
    // What a game's own script, run right after the SDK's, reads at its top.
    expect(game.CrazyGames.SDK.data.getItem("gold")).toBe("310");
    expect(game.PlayfeedSDK.storage.loaded).toBe(true);
    expect(game.name).toBe("");
    await expect(game.CrazyGames.SDK.init()).resolves.toBeUndefined();
    expect(posted).toEqual([{ source: "playfeed-game", type: "hello" }]);
  });

  it("leaves any other name alone, and loads nothing from a name that is not valid data", () => {
    expect(loadSdk({ name: "my-game-window" }).game.name).toBe(
      "my-game-window",
    );
    for (const name of [
      "playfeed-data:{not json",
      'playfeed-data:[["", "empty key"]]',
      "playfeed-data:" + JSON.stringify([["k", "v".repeat(70_000)]]),
    ]) {
      const { game } = loadSdk({ name });
      expect(game.PlayfeedSDK.storage.loaded, name.slice(0, 30)).toBe(false);
      expect(game.name).toBe("");
    }
    // Standalone, the name is the page's own.
    const alone = loadSdk({ embedded: false, name: "playfeed-data:[]" });
    expect(alone.game.name).toBe("playfeed-data:[]");
  });

  it("keeps a write made before the data arrived and applies it over the data, not instead of it", async () => {
    const { game, fromPlatform, sent } = loadSdk();
    const data = game.CrazyGames.SDK.data;
    // An autosave that runs before init() resolves.
    data.setItem("time", "5");
    expect(data.getItem("gold")).toBeNull();
    fromPlatform({
      type: "welcome",
      player: null,
      storage: [
        ["gold", "310"],
        ["time", "170"],
      ],
    });
    await game.CrazyGames.SDK.init();
    expect(data.getItem("gold")).toBe("310");
    expect(data.getItem("time")).toBe("5");
    // A later welcome with other data does not replace what is loaded.
    fromPlatform({ type: "welcome", player: null, storage: [] });
    expect(data.getItem("gold")).toBe("310");
    expect(sent()).toEqual(["storage_set"]);
  });
});

describe("a portal game's own page in a cross-site frame", () => {
  it("stands in for a localStorage the browser refuses, with the game's data, throwing QuotaExceededError past the limits", () => {
    const { game, fromPlatform, posted } = loadSdk({ storageThrows: true });
    fromPlatform({ type: "welcome", player: null, storage: [["best", "7"]] });
    const storage = game.localStorage;
    expect(storage.getItem("best")).toBe("7");
    storage.setItem("level", 4 as unknown as string);
    expect(storage.getItem("level")).toBe("4");
    expect(game.PlayfeedSDK.storage.getItem("level")).toBe("4");
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe("level");
    expect(storage.key(2)).toBeNull();
    storage.coins = 12;
    expect(storage.coins).toBe("12");
    expect("coins" in storage).toBe(true);
    delete storage.coins;
    expect(storage.getItem("coins")).toBeNull();
    expect(storage.getItem("missing")).toBeNull();
    let refused: unknown;
    try {
      storage.setItem("big", "x".repeat(70_000));
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ name: "QuotaExceededError" });
    expect(storage.getItem("big")).toBeNull();
    expect(
      posted.filter(
        (data) => (data as { type: string }).type === "storage_set",
      ),
    ).toEqual([
      {
        source: "playfeed-game",
        type: "storage_set",
        key: "level",
        value: "4",
      },
      {
        source: "playfeed-game",
        type: "storage_set",
        key: "coins",
        value: "12",
      },
    ]);

    // sessionStorage lasts as long as the page and reaches no one.
    game.sessionStorage.setItem("tab", "1");
    expect(game.sessionStorage.getItem("tab")).toBe("1");
    expect(
      posted.some((data) => (data as { key?: string }).key === "tab"),
    ).toBe(false);
  });

  it("leaves a localStorage that works alone", () => {
    const own = { getItem: () => null, setItem: () => {} };
    const { game } = loadSdk({ globals: { localStorage: own } });
    expect(game.localStorage).toBe(own);
  });

  it("leaves pausing to a game that handles pause itself: it is told, and its frames run on to draw its pause screen", () => {
    const { game, document, fromPlatform, paint } = loadSdk();
    const pauses = vi.fn();
    game.PlayfeedSDK.on("pause", pauses);
    const frames: number[] = [];
    const loop = () => {
      frames.push(1);
      game.requestAnimationFrame(loop);
    };
    game.requestAnimationFrame(loop);
    fromPlatform({ type: "pause" });
    expect(pauses).toHaveBeenCalledTimes(1);
    expect(document.hidden).toBe(false);
    paint();
    paint();
    expect(frames).toHaveLength(2);
  });

  it("holds a portal game's animation frames, hides the page and blurs it while paused, and gives all back on resume", () => {
    const { game, document, windowEvents, fromPlatform, paint } = loadSdk();
    const frames: number[] = [];
    const loop = () => {
      frames.push(1);
      game.requestAnimationFrame(loop);
    };
    game.requestAnimationFrame(loop);
    paint();
    expect(frames).toHaveLength(1);
    const cancelled = vi.fn();
    game.cancelAnimationFrame(game.requestAnimationFrame(cancelled));

    fromPlatform({ type: "pause" });
    expect(document.hidden).toBe(true);
    expect(document.visibilityState).toBe("hidden");
    expect(document.dispatched).toEqual(["visibilitychange"]);
    expect(windowEvents).toEqual(["blur"]);
    paint();
    paint();
    expect(frames).toHaveLength(1);

    fromPlatform({ type: "resume" });
    expect(document.hidden).toBe(false);
    expect(document.visibilityState).toBe("visible");
    expect(document.dispatched).toEqual([
      "visibilitychange",
      "visibilitychange",
    ]);
    expect(windowEvents).toEqual(["blur", "focus"]);
    paint();
    expect(frames).toHaveLength(2);
    paint();
    expect(frames).toHaveLength(3);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("mutes a CrazyGames game through muteAudio and its listeners, and suspends the game's AudioContexts, while muted or paused", async () => {
    const { game, fromPlatform } = loadSdk();
    const { game: module } = game.CrazyGames.SDK;
    const heard: boolean[] = [];
    const listener = (settings: { muteAudio: boolean }) =>
      heard.push(settings.muteAudio);
    module.addSettingsChangeListener(listener);
    const audio = new game.AudioContext();
    expect(audio.state).toBe("running");

    fromPlatform({ type: "mute" });
    expect(module.settings.muteAudio).toBe(true);
    expect(audio.state).toBe("suspended");
    fromPlatform({ type: "pause" });
    fromPlatform({ type: "unmute" });
    // Still paused: still silent.
    expect(module.settings.muteAudio).toBe(true);
    expect(audio.state).toBe("suspended");
    fromPlatform({ type: "resume" });
    await Promise.resolve();
    expect(module.settings.muteAudio).toBe(false);
    expect(audio.state).toBe("running");
    expect(heard).toEqual([true, false]);

    module.removeSettingsChangeListener(listener);
    fromPlatform({ type: "pause" });
    expect(heard).toEqual([true, false]);
    // A context made while silent starts suspended.
    const late = new game.AudioContext();
    expect(late.state).toBe("suspended");
    expect(late).toBeInstanceOf(FakeAudioContext);
  });
});

describe("what the developer's inspector reads (ADR 040)", () => {
  type Listeners = Record<string, Array<(event: unknown) => void>>;
  const fire = (game: GameWindow, type: string, event: unknown) => {
    for (const listener of (game as unknown as { listeners: Listeners })
      .listeners[type] ?? [])
      listener(event);
  };

  it("reports an uncaught error and an unhandled rejection, cut to the bounds, a few a second at most", () => {
    vi.useFakeTimers();
    // The page's clock is the faked one.
    const { game, posted, sent } = loadSdk({ globals: { Date } });
    fire(game, "error", {
      message: "Uncaught TypeError: " + "x".repeat(600),
      filename: "https://games.example/tap/game.js",
      lineno: 42,
    });
    fire(game, "unhandledrejection", { reason: new Error("no level 9") });
    const errors = () =>
      posted.filter(
        (data) => (data as { type?: string }).type === "game_error",
      ) as Array<{ message: string; file?: string; line?: number }>;
    expect(errors()[0]).toMatchObject({
      file: "https://games.example/tap/game.js",
      line: 42,
    });
    expect(errors()[0].message).toHaveLength(500);
    expect(errors()[1].message).toBe("Unhandled rejection: no level 9");
    for (let thrown = 0; thrown < 20; thrown += 1)
      fire(game, "error", { message: "in the loop" });
    expect(errors()).toHaveLength(5);
    vi.advanceTimersByTime(1000);
    fire(game, "error", { message: "a second later" });
    expect(errors()).toHaveLength(6);
    // Every one is a message the bridge accepts.
    expect(sent().every((type) => type === "game_error")).toBe(true);
  });

  it("reports the page's size against its frame once ready and after a resize", () => {
    vi.useFakeTimers();
    const { game, document, posted, sent } = loadSdk();
    const page = game as unknown as Record<string, unknown>;
    page.innerWidth = 390;
    page.innerHeight = 844;
    Object.assign(document, {
      documentElement: { scrollWidth: 390, scrollHeight: 1200 },
      body: { scrollWidth: 390, scrollHeight: 1100 },
    });
    (game as unknown as { PlayfeedSDK: { ready(): void } }).PlayfeedSDK.ready();
    vi.advanceTimersByTime(100);
    page.innerWidth = 1280;
    page.innerHeight = 800;
    Object.assign(document, {
      documentElement: { scrollWidth: 1280, scrollHeight: 800 },
    });
    fire(game, "resize", {});
    fire(game, "resize", {});
    vi.advanceTimersByTime(100);
    const layouts = posted.filter(
      (data) => (data as { type?: string }).type === "layout",
    );
    expect(layouts).toEqual([
      {
        source: "playfeed-game",
        type: "layout",
        width: 390,
        height: 844,
        scrollWidth: 390,
        scrollHeight: 1200,
      },
      {
        source: "playfeed-game",
        type: "layout",
        width: 1280,
        height: 800,
        scrollWidth: 1280,
        scrollHeight: 1100,
      },
    ]);
    expect(sent()).toEqual(["ready", "layout", "layout"]);
  });
});
