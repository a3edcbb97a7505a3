import {
  GameDataSchema,
  type GameData,
  type GameDataAnswer,
} from "#contract/game-data";
import { apiFetch } from "./api";
import { isOnline } from "./network";
import {
  applyStorageMessage,
  pageStorage,
  type GameDataStatus,
  type GameStore,
  type KeyValueStorage,
  type StorageMessage,
} from "./game-bridge";

/**
 * A signed-in player's data for one game (ADR 031). The server keeps it (GET/PUT /api/game/{id}/data); the page keeps
 * a copy in localStorage under a key naming the player, so the game is answered at once, an offline round still has
 * it, and another account on the same device never sees it. Each change is kept in the copy at once and sent to the
 * server at most once per `delayMs`; what is not sent yet stays marked in the copy and goes out on the next chance.
 */

/** The player's copy on this device; a visitor's data stays under `pf_game:<slug>` (gameStorageKey). */
export const playerGameStorageKey = (userId: number, slug: string) =>
  `pf_game:${userId}:${slug}`;

export interface PlayerGameCopy {
  data: GameData;
  /** The server's time of the data this copy was last in step with; null when the server had none. */
  updatedAt: number | null;
  /** This device's time of a change the server has not acknowledged yet, or null when there is none. */
  changedAt: number | null;
}

/** Writes the whole data to the server; `keepalive` when the page is going away. */
export type SendGameData = (
  data: GameData,
  keepalive: boolean,
) => Promise<GameDataAnswer>;

export interface PlayerGameStore extends GameStore {
  /** Sends a change the server has not had yet, now; `leaving`: the page is going away, so the request must outlive it. */
  flush(leaving?: boolean): Promise<void>;
  /**
   * Hands over the server's data when the page came without it (`saved` null): until then nothing is written, and the
   * changes the game made meanwhile are played again over what the server holds.
   */
  learn(answer: GameDataAnswer): void;
  /**
   * The server's data could not be read (offline, an error): this device's copy from before the page stands in for it,
   * still written nowhere but here; with no copy the status is `unavailable`. A later `learn` still takes the server's.
   */
  unreachable(): void;
  /** Stops the timer; a change not sent by then is still in the copy and goes out on the next visit. */
  dispose(): void;
}

export interface PlayerGameStoreOptions {
  userId: number;
  slug: string;
  /**
   * What the server held when the page was rendered (the play route's loader), or null when it is not known: the
   * store then writes nothing until it `learn`s it, so a change here cannot replace data it never saw.
   */
  saved: GameDataAnswer | null;
  send: SendGameData;
  storage?: KeyValueStorage | null;
  /** The least time between two writes to the server. */
  delayMs?: number;
  now?: () => number;
  /** Whether the browser says it has a network: offline, nothing is tried (the page flushes when it is back). */
  online?: () => boolean;
}

const GAME_DATA_WRITE_DELAY_MS = 1000;

function parseCopy(text: string | null): PlayerGameCopy | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<PlayerGameCopy> | null;
    const data = GameDataSchema.safeParse(value?.data);
    if (!value || !data.success) return null;
    const time = (t: unknown) =>
      typeof t === "number" && Number.isFinite(t) ? t : null;
    return {
      data: data.data,
      updatedAt: time(value.updatedAt),
      changedAt: time(value.changedAt),
    };
  } catch {
    return null;
  }
}

const sameData = (a: GameData, b: GameData) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Which data the page starts from: the copy here or the server's. A change not yet sent wins unless the server has
 * taken a later write since (from another device, or this one's last request as the page closed); otherwise the
 * newer of the two by the server's clock.
 */
export function startingCopy(
  local: PlayerGameCopy | null,
  saved: GameDataAnswer | null,
): PlayerGameCopy {
  const fromServer = (answer: GameDataAnswer): PlayerGameCopy => ({
    data: answer.data,
    updatedAt: answer.updated_at,
    changedAt: null,
  });
  if (!saved) return local ?? { data: [], updatedAt: null, changedAt: null };
  if (!local) return fromServer(saved);
  const serverTime = saved.updated_at ?? 0;
  if (local.changedAt !== null) {
    if (sameData(local.data, saved.data)) return fromServer(saved);
    const serverMovedOn = serverTime > (local.updatedAt ?? 0);
    return serverMovedOn && serverTime > local.changedAt
      ? fromServer(saved)
      : local;
  }
  return serverTime >= (local.updatedAt ?? 0) ? fromServer(saved) : local;
}

export function createPlayerGameStore({
  userId,
  slug,
  saved,
  send,
  storage = pageStorage(),
  delayMs = GAME_DATA_WRITE_DELAY_MS,
  now = Date.now,
  online = isOnline,
}: PlayerGameStoreOptions): PlayerGameStore {
  const key = playerGameStorageKey(userId, slug);
  const readLocal = (): PlayerGameCopy | null => {
    try {
      return parseCopy(storage?.getItem(key) ?? null);
    } catch {
      return null;
    }
  };
  const localAtStart = readLocal();
  // What this page holds; the same as the copy in storage, unless storage is blocked or full.
  let copy = startingCopy(localAtStart, saved);
  /** While the server's data is not known: the game's changes, to play again over it. */
  let unknownChanges: StorageMessage[] | null = saved ? null : [];
  let status: GameDataStatus = saved ? "known" : "pending";
  const listeners = new Set<() => void>();
  const settle = (next: GameDataStatus) => {
    status = next;
    for (const listener of [...listeners]) listener();
  };
  const keep = (next: PlayerGameCopy) => {
    copy = next;
    try {
      if (next.data.length === 0 && next.updatedAt === null)
        storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or blocked: this page still holds the data, and sends it.
    }
  };
  keep(copy);

  /** The copy as it is now: another tab of the same player may have written since. */
  const current = (): PlayerGameCopy => {
    const local = readLocal();
    if (local) copy = local;
    return copy;
  };

  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending: Promise<void> | null = null;
  let disposed = false;

  const schedule = () => {
    if (disposed || timer !== null || sending) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delayMs);
  };

  async function flush(leaving = false): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    // One write at a time: a change made meanwhile goes out once this one is answered.
    if (sending && !leaving) return sending;
    if (unknownChanges || !online()) return;
    const snapshot = current();
    if (snapshot.changedAt === null) return;
    const changedAt = snapshot.changedAt;
    let answered = false;
    const request = send(snapshot.data, leaving).then(
      (answer) => {
        answered = true;
        const latest = current();
        // Acknowledged as it is, unless the game changed it again while the write was on its way.
        keep(
          latest.changedAt === changedAt && sameData(latest.data, snapshot.data)
            ? {
                data: latest.data,
                updatedAt: answer.updated_at,
                changedAt: null,
              }
            : { ...latest, updatedAt: answer.updated_at },
        );
      },
      () => {
        // Offline, or refused: the change stays marked in the copy and goes out with the next change, when the device
        // is back online, or on the next visit; never in a loop against a server that said no.
      },
    );
    const own = request.finally(() => {
      if (sending === own) sending = null;
      if (answered && current().changedAt !== null) schedule();
    });
    sending = own;
    return own;
  }

  return {
    read: () => current().data,
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply(message) {
      const next = applyStorageMessage(current().data, message);
      if (!next) return;
      unknownChanges?.push(message);
      keep({ data: next, updatedAt: copy.updatedAt, changedAt: now() });
      schedule();
    },
    flush,
    learn(answer) {
      if (!unknownChanges) return;
      const changes = unknownChanges;
      unknownChanges = null;
      const base = startingCopy(localAtStart, answer);
      let data = base.data;
      for (const message of changes)
        data = applyStorageMessage(data, message) ?? data;
      keep(
        changes.length === 0
          ? base
          : { data, updatedAt: base.updatedAt, changedAt: now() },
      );
      if (copy.changedAt !== null) void flush();
      settle("known");
    },
    unreachable() {
      if (status !== "pending") return;
      // Only a copy from before this page: what the game wrote meanwhile is not the player's data.
      settle(localAtStart ? "known" : "unavailable");
    },
    dispose() {
      disposed = true;
      listeners.clear();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The page's writer: the player's session cookie goes with a same-origin request. */
export const sendGameData =
  (gameId: number): SendGameData =>
  (data, keepalive) =>
    apiFetch<GameDataAnswer>(`/api/game/${gameId}/data`, {
      method: "PUT",
      json: { data },
      keepalive,
    });

/** The player's data for the game as the server holds it, for a page that came without it. */
export const readGameData = (gameId: number) =>
  apiFetch<GameDataAnswer>(`/api/game/${gameId}/data`);
