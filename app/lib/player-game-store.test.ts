import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GameData, GameDataAnswer } from "#contract/game-data";
import { memoryStorage } from "../../tests/setup/memory-storage";
import { gameStorageKey, type StorageMessage } from "./game-bridge";
import {
  createPlayerGameStore,
  playerGameStorageKey,
  startingCopy,
  type PlayerGameCopy,
  type SendGameData,
} from "./player-game-store";

const set = (key: string, value: string): StorageMessage => ({
  source: "playfeed-game",
  type: "storage_set",
  key,
  value,
});

const NONE: GameDataAnswer = { data: [], updated_at: null };

/** A server that answers each write when told to, with its own clock. */
function fakeServer() {
  const writes: { data: GameData; keepalive: boolean }[] = [];
  const pending: {
    resolve: (answer: GameDataAnswer) => void;
    reject: (error: Error) => void;
    data: GameData;
  }[] = [];
  let clock = 5_000;
  const send: SendGameData = (data, keepalive) => {
    writes.push({ data, keepalive });
    return new Promise((resolve, reject) =>
      pending.push({ resolve, reject, data }),
    );
  };
  return {
    send,
    writes,
    async answer() {
      const next = pending.shift()!;
      clock += 1;
      next.resolve({ data: next.data, updated_at: clock });
      await vi.advanceTimersByTimeAsync(0);
    },
    async fail() {
      pending.shift()!.reject(new Error("offline"));
      await vi.advanceTimersByTimeAsync(0);
    },
    get waiting() {
      return pending.length;
    },
  };
}

const copyIn = (storage: { data: Record<string, string> }, userId = 7) =>
  JSON.parse(
    storage.data[playerGameStorageKey(userId, "snake")],
  ) as PlayerGameCopy;

describe("a player's game store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000);
  });
  afterEach(() => vi.useRealTimers());

  function setUp(
    saved: GameDataAnswer | null = NONE,
    storage = memoryStorage(),
  ) {
    const server = fakeServer();
    const store = createPlayerGameStore({
      userId: 7,
      slug: "snake",
      saved,
      send: server.send,
      storage,
    });
    return { server, store, storage };
  }

  it("starts from the server's data and keeps it under a key that names the player, apart from a visitor's", () => {
    const storage = memoryStorage({
      [gameStorageKey("snake")]: JSON.stringify({ best: "3" }),
    });
    const { store } = setUp(
      { data: [["best", "50"]], updated_at: 900 },
      storage,
    );
    expect(store.read()).toEqual([["best", "50"]]);
    expect(copyIn(storage)).toEqual({
      data: [["best", "50"]],
      updatedAt: 900,
      changedAt: null,
    });
    // The browser's data for visitors is left as it was.
    expect(JSON.parse(storage.data[gameStorageKey("snake")])).toEqual({
      best: "3",
    });
  });

  it("answers a change at once and writes the latest data once, a second later", async () => {
    const { server, store, storage } = setUp();
    store.apply(set("best", "10"));
    store.apply(set("best", "12"));
    store.apply(set("sound", "off"));
    expect(store.read()).toEqual([
      ["best", "12"],
      ["sound", "off"],
    ]);
    expect(copyIn(storage).changedAt).toBe(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.writes).toEqual([
      {
        data: [
          ["best", "12"],
          ["sound", "off"],
        ],
        keepalive: false,
      },
    ]);
    await server.answer();
    expect(copyIn(storage)).toEqual({
      data: [
        ["best", "12"],
        ["sound", "off"],
      ],
      updatedAt: 5_001,
      changedAt: null,
    });
    // Nothing left to send: no more writes.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.writes).toHaveLength(1);
  });

  it("writes one at a time: a change made while a write is on its way goes out after it, never lost", async () => {
    const { server, store, storage } = setUp();
    store.apply(set("best", "1"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.writes).toHaveLength(1);
    store.apply(set("best", "2"));
    await vi.advanceTimersByTimeAsync(3_000);
    // The first write is not answered yet: no second one.
    expect(server.writes).toHaveLength(1);
    await server.answer();
    // Acknowledged, but the later change is still marked as unsent.
    expect(copyIn(storage).changedAt).not.toBeNull();
    expect(copyIn(storage).updatedAt).toBe(5_001);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.writes.map((write) => write.data)).toEqual([
      [["best", "1"]],
      [["best", "2"]],
    ]);
    await server.answer();
    expect(copyIn(storage).changedAt).toBeNull();
  });

  it("keeps a change made in the same millisecond as the write it followed marked as unsent", async () => {
    const { server, store, storage } = setUp();
    store.apply(set("best", "1"));
    void store.flush();
    // The clock has not moved: the two changes share their time.
    store.apply(set("best", "2"));
    await server.answer();
    expect(copyIn(storage)).toMatchObject({
      data: [["best", "2"]],
      changedAt: 1_000,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.writes.at(-1)?.data).toEqual([["best", "2"]]);
  });

  it("sends the last change at once, with keepalive, when the page goes away", async () => {
    const { server, store } = setUp();
    store.apply(set("best", "9"));
    void store.flush(true);
    expect(server.writes).toEqual([{ data: [["best", "9"]], keepalive: true }]);
    // The debounced write is cancelled: it would send the same data again.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.writes).toHaveLength(1);
    // Nothing changed: leaving again sends nothing.
    await server.answer();
    void store.flush(true);
    expect(server.writes).toHaveLength(1);
  });

  it("keeps a change that could not be sent, tries no loop, and sends it on the next chance or the next visit", async () => {
    const storage = memoryStorage();
    const first = setUp(NONE, storage);
    first.store.apply(set("best", "20"));
    await vi.advanceTimersByTimeAsync(1_000);
    await first.server.fail();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(first.server.writes).toHaveLength(1);
    expect(copyIn(storage)).toMatchObject({
      data: [["best", "20"]],
      changedAt: 1_000,
    });
    first.store.dispose();

    // The next visit, rendered while the server still had nothing: the change here is the newer one.
    const next = setUp(NONE, storage);
    expect(next.store.read()).toEqual([["best", "20"]]);
    void next.store.flush();
    expect(next.server.writes).toEqual([
      { data: [["best", "20"]], keepalive: false },
    ]);
    await next.server.answer();
    expect(copyIn(storage).changedAt).toBeNull();
  });

  it("tries nothing while the browser is offline, and sends the change once it is back", async () => {
    let online = false;
    const server = fakeServer();
    const store = createPlayerGameStore({
      userId: 7,
      slug: "snake",
      saved: NONE,
      send: server.send,
      storage: memoryStorage(),
      online: () => online,
    });
    store.apply(set("best", "4"));
    await vi.advanceTimersByTimeAsync(5_000);
    void store.flush(true);
    expect(server.writes).toHaveLength(0);
    expect(store.read()).toEqual([["best", "4"]]);
    online = true;
    void store.flush();
    expect(server.writes).toEqual([
      { data: [["best", "4"]], keepalive: false },
    ]);
  });

  it("keeps two players on one device apart", () => {
    const storage = memoryStorage();
    const ava = createPlayerGameStore({
      userId: 7,
      slug: "snake",
      saved: NONE,
      send: fakeServer().send,
      storage,
    });
    ava.apply(set("best", "77"));
    const ben = createPlayerGameStore({
      userId: 8,
      slug: "snake",
      saved: NONE,
      send: fakeServer().send,
      storage,
    });
    expect(ben.read()).toEqual([]);
    ben.apply(set("best", "1"));
    expect(ava.read()).toEqual([["best", "77"]]);
    expect(copyIn(storage, 8).data).toEqual([["best", "1"]]);
  });

  it("writes nothing before it knows the server's data, then plays the changes made meanwhile over it", async () => {
    const { server, store } = setUp(null);
    store.apply(set("sound", "off"));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(server.writes).toHaveLength(0);
    store.learn({ data: [["best", "64"]], updated_at: 800 });
    expect(store.read()).toEqual([
      ["best", "64"],
      ["sound", "off"],
    ]);
    expect(server.writes.map((write) => write.data)).toEqual([
      [
        ["best", "64"],
        ["sound", "off"],
      ],
    ]);
  });

  it("says whether it knows the player's data, and tells its listeners when that changes", () => {
    expect(setUp().store.status()).toBe("known");
    const { store } = setUp(null);
    const heard: string[] = [];
    store.subscribe(() => heard.push(store.status()));
    expect(store.status()).toBe("pending");
    store.learn({ data: [["best", "64"]], updated_at: 800 });
    expect(heard).toEqual(["known"]);
  });

  it("with the server out of reach, is unavailable unless this device had a copy before the game wrote, and writes nothing", async () => {
    const { server, store } = setUp(null);
    // A fresh game's autosave while the data is on its way is not the player's data.
    store.apply(set("gold", "0"));
    store.unreachable();
    expect(store.status()).toBe("unavailable");
    await vi.advanceTimersByTimeAsync(3_000);
    expect(server.writes).toHaveLength(0);

    const storage = memoryStorage({
      [playerGameStorageKey(7, "snake")]: JSON.stringify({
        data: [["gold", "310"]],
        updatedAt: 700,
        changedAt: null,
      }),
    });
    const withCopy = setUp(null, storage);
    withCopy.store.unreachable();
    expect(withCopy.store.status()).toBe("known");
    expect(withCopy.store.read()).toEqual([["gold", "310"]]);
    withCopy.store.apply(set("gold", "320"));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(withCopy.server.writes).toHaveLength(0);
  });

  it("survives a blocked storage, keeping the data for this page", async () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const { server, store } = setUp(NONE, storage);
    store.apply(set("best", "5"));
    expect(store.read()).toEqual([["best", "5"]]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.writes).toHaveLength(1);
  });

  it("refuses a change past the limits, as the visitor's store does", () => {
    const { store } = setUp();
    store.apply(set("a", "x".repeat(64 * 1024)));
    expect(store.read()).toEqual([]);
  });
});

describe("startingCopy", () => {
  const copy = (
    data: GameData,
    updatedAt: number | null,
    changedAt: number | null = null,
  ): PlayerGameCopy => ({ data, updatedAt, changedAt });

  it("takes the server's data when it is newer than this device's copy (another device wrote it)", () => {
    expect(
      startingCopy(copy([["best", "1"]], 100), {
        data: [["best", "9"]],
        updated_at: 200,
      }),
    ).toEqual(copy([["best", "9"]], 200));
  });

  it("keeps this device's copy over a page kept from before it (an offline copy of the play screen)", () => {
    const local = copy([["best", "9"]], 200);
    expect(
      startingCopy(local, { data: [["best", "1"]], updated_at: 100 }),
    ).toBe(local);
    expect(startingCopy(local, null)).toBe(local);
  });

  it("keeps an unsent change unless the server took a later write since", () => {
    const unsent = copy([["best", "30"]], 100, 150);
    // The server has not moved since this device's last write.
    expect(
      startingCopy(unsent, { data: [["best", "1"]], updated_at: 100 }),
    ).toBe(unsent);
    // Another device wrote before the change was made here: the change here is later.
    expect(
      startingCopy(unsent, { data: [["best", "1"]], updated_at: 120 }),
    ).toBe(unsent);
    // Another device wrote after it.
    expect(
      startingCopy(unsent, { data: [["best", "40"]], updated_at: 180 }),
    ).toEqual(copy([["best", "40"]], 180));
    // The page's last request as it closed did arrive.
    expect(
      startingCopy(unsent, { data: [["best", "30"]], updated_at: 160 }),
    ).toEqual(copy([["best", "30"]], 160));
  });
});
