import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../../tests/setup/memory-storage";
import {
  EXTERNAL_GAME_SANDBOX,
  FRAME_DATA_PREFIX,
  OPAQUE_ORIGIN,
  OWN_GAME_SANDBOX,
  acceptGameMessage,
  applyStorageMessage,
  connectGameFrame,
  type BridgeTraffic,
  createGameStore,
  frameDataName,
  frameOrigin,
  nameGameFrame,
  gameFrameSource,
  gamePlayer,
  gameStorageKey,
  isAllowedExternalLink,
  type GameData,
  type GamePlayer,
  type GameStore,
  type RunAdBreak,
} from "./game-bridge";
import { GAME_STORAGE_LIMITS } from "#contract/game-data";
import { gamePlayerSchema } from "#contract/game-protocol";
import type { AdBreakOutcome } from "./ad-breaks";
import { createPlayerGameStore } from "./player-game-store";

const frame = { name: "game frame window" };
const origin = "https://playfeed.app";

describe("acceptGameMessage", () => {
  it("believes well-formed messages from the game frame", () => {
    const message = acceptGameMessage(
      {
        source: frame,
        origin,
        data: { source: "playfeed-game", type: "game_score", value: 12 },
      },
      frame,
      origin,
    );
    expect(message).toEqual({
      source: "playfeed-game",
      type: "game_score",
      value: 12,
    });
  });

  it("ignores another window, another origin, or no frame yet", () => {
    const data = { source: "playfeed-game", type: "final_score", value: 999 };
    expect(
      acceptGameMessage(
        { source: { other: true }, origin, data },
        frame,
        origin,
      ),
    ).toBeNull();
    expect(
      acceptGameMessage(
        { source: frame, origin: "https://evil.example", data },
        frame,
        origin,
      ),
    ).toBeNull();
    expect(
      acceptGameMessage({ source: frame, origin, data }, null, origin),
    ).toBeNull();
  });

  it("believes a sandboxed game's opaque origin only from the game frame's own window", () => {
    const data = { source: "playfeed-game", type: "final_score", value: 5 };
    expect(
      acceptGameMessage(
        { source: frame, origin: "null", data },
        frame,
        OPAQUE_ORIGIN,
      ),
    ).toEqual(data);
    // Any sandboxed or data: document says "null" too: only the window inside our frame counts.
    expect(
      acceptGameMessage(
        { source: { other: true }, origin: "null", data },
        frame,
        OPAQUE_ORIGIN,
      ),
    ).toBeNull();
    expect(
      acceptGameMessage({ source: frame, origin, data }, frame, OPAQUE_ORIGIN),
    ).toBeNull();
    expect(
      acceptGameMessage({ source: frame, origin: "null", data }, frame, origin),
    ).toBeNull();
  });

  it("believes well-formed storage requests", () => {
    const set = {
      source: "playfeed-game",
      type: "storage_set",
      key: "best",
      value: "42",
    };
    expect(
      acceptGameMessage({ source: frame, origin, data: set }, frame, origin),
    ).toEqual(set);
    const clear = { source: "playfeed-game", type: "storage_clear" };
    expect(
      acceptGameMessage({ source: frame, origin, data: clear }, frame, origin),
    ).toEqual(clear);
  });

  it.each([
    { source: "playfeed-game", type: "storage_set", key: "", value: "1" },
    {
      source: "playfeed-game",
      type: "storage_set",
      key: "k".repeat(GAME_STORAGE_LIMITS.keyLength + 1),
      value: "1",
    },
    { source: "playfeed-game", type: "storage_set", key: "best", value: 42 },
    {
      source: "playfeed-game",
      type: "storage_set",
      key: "best",
      value: "x".repeat(GAME_STORAGE_LIMITS.characters + 1),
    },
    { source: "playfeed-game", type: "storage_remove" },
    { source: "playfeed-game", type: "game_score", value: -1 },
    { source: "playfeed-game", type: "game_score", value: 1.5 },
    { source: "playfeed-game", type: "final_score", value: "10" },
    { source: "other-sdk", type: "ready" },
    { source: "playfeed-game", type: "launch" },
    "ready",
    null,
  ])("ignores malformed data %j", (data) => {
    expect(
      acceptGameMessage({ source: frame, origin, data }, frame, origin),
    ).toBeNull();
  });
});

describe("gameFrameSource", () => {
  it("serves our games from /games and external ones from their link", () => {
    expect(
      gameFrameSource({ slug: "snake", type: 0, external_link: null }),
    ).toBe("/games/snake/");
    expect(
      gameFrameSource({
        slug: "x",
        type: 2,
        external_link: "https://games.example.com/x/",
      }),
    ).toBe("https://games.example.com/x/");
    expect(
      gameFrameSource({
        slug: "x",
        type: 2,
        external_link: "javascript:alert(1)",
      }),
    ).toBeNull();
    expect(
      gameFrameSource({ slug: "x", type: 2, external_link: null }),
    ).toBeNull();
  });

  it("plays an uploaded game from its document on the games origin", () => {
    expect(
      gameFrameSource({
        slug: "tower-1a2b3c",
        type: 0,
        external_link: null,
        bundle_url: "http://localhost:8788/v/7/index.html",
      }),
    ).toBe("http://localhost:8788/v/7/index.html");
  });

  it("accepts plain http only from this machine", () => {
    expect(isAllowedExternalLink("http://127.0.0.1:4000/game.html")).toBe(true);
    expect(isAllowedExternalLink("http://localhost:4000/")).toBe(true);
    expect(isAllowedExternalLink("http://games.example.com/")).toBe(false);
    expect(isAllowedExternalLink("not a url")).toBe(false);
  });

  it("knows the frame's origin", () => {
    expect(frameOrigin("/games/snake/index.html", origin)).toBe(origin);
    expect(frameOrigin("https://games.example.com/x/", origin)).toBe(
      "https://games.example.com",
    );
  });
});

const set = (key: string, value: string) => ({
  source: "playfeed-game" as const,
  type: "storage_set" as const,
  key,
  value,
});

describe("applyStorageMessage", () => {
  it("sets, replaces, removes and clears", () => {
    let data: GameData = [];
    data = applyStorageMessage(data, set("best", "10"))!;
    data = applyStorageMessage(data, set("sound", "off"))!;
    data = applyStorageMessage(data, set("best", "12"))!;
    expect(data).toEqual([
      ["best", "12"],
      ["sound", "off"],
    ]);
    data = applyStorageMessage(data, {
      source: "playfeed-game",
      type: "storage_remove",
      key: "sound",
    })!;
    expect(data).toEqual([["best", "12"]]);
    expect(
      applyStorageMessage(data, {
        source: "playfeed-game",
        type: "storage_clear",
      }),
    ).toEqual([]);
  });

  it("keeps a key like __proto__ as plain data", () => {
    expect(applyStorageMessage([], set("__proto__", "x"))).toEqual([
      ["__proto__", "x"],
    ]);
  });

  it("refuses a change past the key count or the size limit", () => {
    const full: GameData = Array.from(
      { length: GAME_STORAGE_LIMITS.keys },
      (_, i) => [`k${i}`, ""],
    );
    expect(applyStorageMessage(full, set("one-more", ""))).toBeNull();
    expect(applyStorageMessage(full, set("k0", "still fits"))).not.toBeNull();
    // Keys count too: "a" + 10 less than the limit + "b" leaves room for 8 more characters.
    const big = "x".repeat(GAME_STORAGE_LIMITS.characters - 10);
    expect(applyStorageMessage([["a", big]], set("b", "012345678"))).toBeNull();
    expect(
      applyStorageMessage([["a", big]], set("b", "01234567")),
    ).not.toBeNull();
  });
});

describe("createGameStore", () => {
  it("keeps each game's data under its own key in the page's storage", () => {
    const storage = memoryStorage();
    const snake = createGameStore("snake", storage);
    snake.apply(set("best", "31"));
    expect(JSON.parse(storage.data[gameStorageKey("snake")])).toEqual({
      best: "31",
    });
    expect(createGameStore("snake", storage).read()).toEqual([["best", "31"]]);
    expect(createGameStore("tower-stack", storage).read()).toEqual([]);
    snake.apply({ source: "playfeed-game", type: "storage_clear" });
    expect(storage.data).toEqual({});
  });

  it("reads unreadable or oversized data as nothing stored", () => {
    const tooMany = Object.fromEntries(
      Array.from({ length: GAME_STORAGE_LIMITS.keys + 1 }, (_, i) => [
        `k${i}`,
        "1",
      ]),
    );
    const storage = memoryStorage({
      "pf_game:a": "{not json",
      "pf_game:b": '["best","1"]',
      "pf_game:c": JSON.stringify(tooMany),
    });
    for (const slug of ["a", "b", "c", "missing"])
      expect(createGameStore(slug, storage).read()).toEqual([]);
    expect(createGameStore("x", null).read()).toEqual([]);
  });

  it("survives a full or blocked storage", () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    expect(() =>
      createGameStore("snake", storage).apply(set("best", "1")),
    ).not.toThrow();
  });
});

describe("connectGameFrame", () => {
  afterEach(() => vi.unstubAllGlobals());

  function setUp(
    expectedOrigin: string,
    runAdBreak?: RunAdBreak,
    options: {
      store?: GameStore;
      player?: () => GamePlayer | null;
      observe?: (traffic: BridgeTraffic) => void;
    } = {},
  ) {
    const page = new EventTarget();
    vi.stubGlobal("window", page);
    const gameWindow = { postMessage: vi.fn() };
    const frame = { contentWindow: gameWindow } as unknown as HTMLIFrameElement;
    const storage = memoryStorage({
      [gameStorageKey("snake")]: JSON.stringify({ best: "7" }),
    });
    const received: unknown[] = [];
    const connection = connectGameFrame(
      frame,
      expectedOrigin,
      (message) => received.push(message),
      options.store ?? createGameStore("snake", storage),
      runAdBreak,
      options.player,
      options.observe,
    );
    const post = (
      data: unknown,
      source: unknown = gameWindow,
      origin = expectedOrigin,
    ) =>
      page.dispatchEvent(
        Object.assign(new Event("message"), { data, source, origin }),
      );
    return { gameWindow, storage, received, connection, post };
  }

  it("sends a sandboxed game its stored data with start, to the only target an opaque origin allows", () => {
    const { gameWindow, connection } = setUp(OPAQUE_ORIGIN);
    connection.send({ type: "start", seed: 9 });
    connection.send({ type: "pause" });
    expect(gameWindow.postMessage.mock.calls).toEqual([
      [
        {
          source: "playfeed-platform",
          type: "start",
          seed: 9,
          storage: [["best", "7"]],
        },
        "*",
      ],
      [{ source: "playfeed-platform", type: "pause" }, "*"],
    ]);
  });

  it("welcomes the game with its stored data and the player", () => {
    const { gameWindow, connection } = setUp("https://games.example.com");
    connection.send({
      type: "welcome",
      player: { name: "Ben", picture: null },
    });
    expect(gameWindow.postMessage).toHaveBeenCalledWith(
      {
        source: "playfeed-platform",
        type: "welcome",
        player: { name: "Ben", picture: null },
        storage: [["best", "7"]],
      },
      "https://games.example.com",
    );
  });

  const hello = { source: "playfeed-game", type: "hello" };
  const ben = { name: "Ben", picture: null };
  const EXTERNAL = "https://games.example.com";
  /** A signed-in player's store for a page that came without their data: it waits for the server's answer. */
  const waitingStore = (storage = memoryStorage()) =>
    createPlayerGameStore({
      userId: 7,
      slug: "snake",
      saved: null,
      send: () => new Promise(() => undefined),
      storage,
    });
  const welcomes = (gameWindow: { postMessage: ReturnType<typeof vi.fn> }) =>
    gameWindow.postMessage.mock.calls
      .map(([message]) => message as { type: string })
      .filter((message) => message.type === "welcome");

  it("answers every hello with the player and the game's data, and nothing on the frame's load", () => {
    const { gameWindow, received, post } = setUp(EXTERNAL, undefined, {
      player: () => ben,
    });
    post(hello);
    // The game's page reloaded itself: its new SDK says hello again and is answered again.
    post(hello);
    const welcome = {
      source: "playfeed-platform",
      type: "welcome",
      player: ben,
      storage: [["best", "7"]],
    };
    expect(gameWindow.postMessage.mock.calls).toEqual([
      [welcome, EXTERNAL],
      [welcome, EXTERNAL],
    ]);
    expect(received).toEqual([]);
  });

  it("answers a hello only from the game's own frame and origin, and only to it", () => {
    const { gameWindow, post } = setUp(EXTERNAL, undefined, {
      player: () => ben,
    });
    post(hello, { someone: "else" });
    post(hello, gameWindow, "https://evil.example");
    post({ ...hello, type: "HELLO" });
    expect(gameWindow.postMessage).not.toHaveBeenCalled();
    post(hello);
    expect(gameWindow.postMessage).toHaveBeenCalledTimes(1);
    expect(gameWindow.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: "welcome" }),
      EXTERNAL,
    );
  });

  it("leaves a hello unanswered where the game is not to be told (a replay)", () => {
    const { gameWindow, post } = setUp(EXTERNAL);
    post(hello);
    expect(gameWindow.postMessage).not.toHaveBeenCalled();
  });

  it("waits for a signed-in player's data, then welcomes with it and the changes made meanwhile over it", () => {
    const store = waitingStore();
    const { gameWindow, post, connection } = setUp(EXTERNAL, undefined, {
      store,
      player: () => ben,
    });
    post(hello);
    post(set("sound", "off"));
    // Neither a welcome nor a start may tell a game its data is empty while it is not known.
    connection.send({ type: "start", seed: 3 });
    expect(welcomes(gameWindow)).toEqual([]);
    expect(gameWindow.postMessage).toHaveBeenCalledWith(
      { source: "playfeed-platform", type: "start", seed: 3 },
      EXTERNAL,
    );
    store.learn({ data: [["gold", "310"]], updated_at: 800 });
    expect(welcomes(gameWindow)).toEqual([
      {
        source: "playfeed-platform",
        type: "welcome",
        player: ben,
        storage: [
          ["gold", "310"],
          ["sound", "off"],
        ],
      },
    ]);
  });

  it("says the data is unavailable when the server cannot be read and the device has no copy, and welcomes again once it is", () => {
    const store = waitingStore();
    const { gameWindow, post } = setUp(EXTERNAL, undefined, {
      store,
      player: () => ben,
    });
    post(hello);
    store.unreachable();
    expect(welcomes(gameWindow)).toEqual([
      {
        source: "playfeed-platform",
        type: "welcome",
        player: ben,
        unavailable: true,
      },
    ]);
    post(hello);
    expect(welcomes(gameWindow)).toHaveLength(2);
    expect(welcomes(gameWindow)[1]).toEqual(welcomes(gameWindow)[0]);
    store.learn({ data: [["gold", "310"]], updated_at: 800 });
    expect(welcomes(gameWindow)[2]).toEqual({
      source: "playfeed-platform",
      type: "welcome",
      player: ben,
      storage: [["gold", "310"]],
    });
  });

  it("welcomes with this device's copy when the server cannot be read, and tells nothing after being disposed", () => {
    const storage = memoryStorage({
      "pf_game:7:snake": JSON.stringify({
        data: [["gold", "120"]],
        updatedAt: 500,
        changedAt: null,
      }),
    });
    const store = waitingStore(storage);
    const { gameWindow, post, connection } = setUp(EXTERNAL, undefined, {
      store,
      player: () => ben,
    });
    post(hello);
    store.unreachable();
    expect(welcomes(gameWindow)).toEqual([
      expect.objectContaining({ storage: [["gold", "120"]] }),
    ]);
    connection.dispose();
    store.learn({ data: [["gold", "310"]], updated_at: 800 });
    expect(welcomes(gameWindow)).toHaveLength(1);
  });

  it("names an external game's origin as the target", () => {
    const { gameWindow, connection } = setUp("https://games.example.com");
    connection.send({ type: "mute" });
    expect(gameWindow.postMessage).toHaveBeenCalledWith(
      { source: "playfeed-platform", type: "mute" },
      "https://games.example.com",
    );
  });

  it("keeps the game's storage requests and passes its other messages on", () => {
    const { storage, received, connection, post } = setUp(OPAQUE_ORIGIN);
    post({ source: "playfeed-game", type: "ready" });
    post(set("best", "40"));
    post(set("best", "99"), { someone: "else" });
    expect(received).toEqual([{ source: "playfeed-game", type: "ready" }]);
    expect(JSON.parse(storage.data[gameStorageKey("snake")])).toEqual({
      best: "40",
    });
    connection.dispose();
    post({ source: "playfeed-game", type: "ready" });
    expect(received).toHaveLength(1);
  });

  it("lets an observer (the developer's inspector) see all it believed, refused from its frame, and sent", () => {
    const traffic: BridgeTraffic[] = [];
    const { connection, post } = setUp(OPAQUE_ORIGIN, undefined, {
      observe: (seen) => traffic.push(seen),
    });
    post({ source: "playfeed-game", type: "ready" });
    post(set("best", "40"));
    post({ source: "playfeed-game", type: "final_score", value: -1 });
    post({ source: "playfeed-game", type: "ready" }, { someone: "else" });
    post({ source: "another-sdk", type: "ready" });
    connection.send({ type: "start", seed: 3 });
    expect(traffic).toEqual([
      { direction: "in", message: { source: "playfeed-game", type: "ready" } },
      { direction: "in", message: set("best", "40") },
      { direction: "refused", type: "final_score" },
      {
        direction: "out",
        command: { type: "start", seed: 3, storage: [["best", "40"]] },
      },
    ]);
    connection.dispose();
  });
});

describe("frameDataName", () => {
  it("carries the game's data into the frame's name when it is known", () => {
    const store = createGameStore(
      "snake",
      memoryStorage({
        [gameStorageKey("snake")]: JSON.stringify({ best: "7" }),
      }),
    );
    expect(frameDataName(store)).toBe(`${FRAME_DATA_PREFIX}[["best","7"]]`);
    expect(FRAME_DATA_PREFIX).toBe("playfeed-data:");
  });

  it("carries nothing while a signed-in player's data is on its way or cannot be had", () => {
    const store = createPlayerGameStore({
      userId: 7,
      slug: "snake",
      saved: null,
      send: () => new Promise(() => undefined),
      storage: memoryStorage(),
    });
    store.apply(set("gold", "0"));
    expect(frameDataName(store)).toBe("");
    store.unreachable();
    expect(store.status()).toBe("unavailable");
    expect(frameDataName(store)).toBe("");
    store.learn({ data: [["gold", "310"]], updated_at: 9 });
    expect(frameDataName(store)).toBe(`${FRAME_DATA_PREFIX}[["gold","0"]]`);
  });
});

describe("nameGameFrame", () => {
  it("names the frame's own window, whose name outlives its navigation to the game", () => {
    const frame = {
      contentWindow: { name: "" },
    } as unknown as HTMLIFrameElement;
    expect(nameGameFrame(frame, "playfeed-data:[]")).toBe(true);
    expect(frame.contentWindow!.name).toBe("playfeed-data:[]");
  });

  it("gives up quietly on a frame it may not reach (an opaque sandbox) or that has no window yet", () => {
    const opaque = {
      contentWindow: {
        set name(_value: string) {
          throw new DOMException("Blocked a frame", "SecurityError");
        },
      },
    } as unknown as HTMLIFrameElement;
    expect(nameGameFrame(opaque, "playfeed-data:[]")).toBe(false);
    expect(nameGameFrame({ contentWindow: null }, "x")).toBe(false);
  });
});

describe("the game sandboxes", () => {
  it("let an external game's alert, confirm and prompt show, as its portal does; our own games stay without", () => {
    expect(EXTERNAL_GAME_SANDBOX.split(" ")).toEqual(
      expect.arrayContaining([
        "allow-scripts",
        "allow-same-origin",
        "allow-modals",
      ]),
    );
    expect(OWN_GAME_SANDBOX.split(" ")).not.toContain("allow-modals");
    expect(OWN_GAME_SANDBOX.split(" ")).not.toContain("allow-same-origin");
  });
});

describe("ad breaks through the bridge", () => {
  afterEach(() => vi.unstubAllGlobals());

  function setUp(runAdBreak?: RunAdBreak) {
    const page = new EventTarget();
    vi.stubGlobal("window", page);
    const gameWindow = { postMessage: vi.fn() };
    const frame = { contentWindow: gameWindow } as unknown as HTMLIFrameElement;
    const received: unknown[] = [];
    const connection = connectGameFrame(
      frame,
      OPAQUE_ORIGIN,
      (message) => received.push(message),
      null,
      runAdBreak,
    );
    const post = (data: unknown) =>
      page.dispatchEvent(
        Object.assign(new Event("message"), {
          data,
          source: gameWindow,
          origin: OPAQUE_ORIGIN,
        }),
      );
    const answers = () =>
      gameWindow.postMessage.mock.calls.map(([message]) => message as unknown);
    return { received, connection, post, answers };
  }

  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("answers a break at once with no ad when the page runs none", async () => {
    const { received, post, answers } = setUp();
    post({ source: "playfeed-game", type: "commercial_break", id: 1 });
    post({ source: "playfeed-game", type: "rewarded_break", id: 2 });
    await settled();
    expect(answers()).toEqual([
      {
        source: "playfeed-platform",
        type: "ad_break_done",
        id: 1,
        shown: false,
        rewarded: false,
      },
      {
        source: "playfeed-platform",
        type: "ad_break_done",
        id: 2,
        shown: false,
        rewarded: false,
      },
    ]);
    expect(received).toHaveLength(2);
  });

  it("tells the game when the ad starts and whether it earned the reward", async () => {
    const kinds: string[] = [];
    const { post, answers } = setUp(({ kind, onAdStart }) => {
      kinds.push(kind);
      onAdStart();
      return Promise.resolve({ shown: true, rewarded: true });
    });
    post({ source: "playfeed-game", type: "rewarded_break", id: 5 });
    post({ source: "playfeed-game", type: "commercial_break", id: 6 });
    await settled();
    expect(kinds).toEqual(["rewarded", "interstitial"]);
    expect(answers()).toEqual([
      { source: "playfeed-platform", type: "ad_break_start", id: 5 },
      { source: "playfeed-platform", type: "ad_break_start", id: 6 },
      {
        source: "playfeed-platform",
        type: "ad_break_done",
        id: 5,
        shown: true,
        rewarded: true,
      },
      // An interstitial is never a reward, whatever the page says.
      {
        source: "playfeed-platform",
        type: "ad_break_done",
        id: 6,
        shown: true,
        rewarded: false,
      },
    ]);
  });

  it("goes on without an ad when the page's break fails, and says nothing once disconnected", async () => {
    let finish: (outcome: AdBreakOutcome) => void = () => undefined;
    const failing = setUp(() => Promise.reject(new Error("no")));
    failing.post({ source: "playfeed-game", type: "rewarded_break", id: 1 });
    await settled();
    expect(failing.answers()).toEqual([
      expect.objectContaining({ type: "ad_break_done", rewarded: false }),
    ]);

    const pending = setUp(
      () => new Promise<AdBreakOutcome>((resolve) => (finish = resolve)),
    );
    pending.post({ source: "playfeed-game", type: "commercial_break", id: 1 });
    pending.connection.dispose();
    finish({ shown: true, rewarded: false });
    await settled();
    expect(pending.answers()).toEqual([]);
  });

  it("leaves a break without an id (an older SDK, which did not wait) unanswered, and refuses a rewarded one", async () => {
    const { received, post, answers } = setUp();
    post({ source: "playfeed-game", type: "commercial_break" });
    post({ source: "playfeed-game", type: "rewarded_break" });
    post({ source: "playfeed-game", type: "rewarded_break", id: -1 });
    await settled();
    expect(received).toEqual([
      { source: "playfeed-game", type: "commercial_break" },
    ]);
    expect(answers()).toEqual([]);
  });
});

describe("gamePlayer", () => {
  const media = (value: string | null) => (value ? `/media/${value}` : null);
  const viewer = {
    name: "Ben Okafor",
    profile_img: "users/ben.png",
    profile_pic: null,
  };

  it("is the public name and an absolute picture URL, or null for a visitor", () => {
    expect(gamePlayer(viewer, media, origin)).toEqual({
      name: "Ben Okafor",
      picture: "https://playfeed.app/media/users/ben.png",
    });
    expect(
      gamePlayer(
        {
          ...viewer,
          profile_img: null,
          profile_pic: "https://cdn.example/p.jpg",
        },
        (value) => value,
        origin,
      ),
    ).toEqual({ name: "Ben Okafor", picture: "https://cdn.example/p.jpg" });
    expect(gamePlayer(null, media, origin)).toBeNull();
  });

  it("stays within the bounds the SDK checks: a long name is cut, an inline or huge picture left out", () => {
    const long = gamePlayer(
      { name: "N".repeat(80), profile_img: null, profile_pic: null },
      media,
      origin,
    );
    expect(long).toEqual({ name: "N".repeat(50), picture: null });
    for (const picture of [
      "data:image/png;base64,AAAA",
      `https://cdn.example/${"p".repeat(2100)}.png`,
    ])
      expect(
        gamePlayer(
          { ...viewer, profile_img: picture },
          (value) => value,
          origin,
        ),
      ).toEqual({ name: "Ben Okafor", picture: null });
    expect(gamePlayer({ ...viewer, name: "   " }, media, origin)).toBeNull();
    expect(
      gamePlayerSchema.safeParse({ name: "Ben", picture: "javascript:x" })
        .success,
    ).toBe(false);
  });
});
