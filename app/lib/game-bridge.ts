import {
  GameDataSchema,
  withinStorageLimits,
  type GameData,
} from "#contract/game-data";
import {
  GAME_SOURCE,
  PLATFORM_SOURCE,
  gameMessageSchema,
  gamePlayerSchema,
  storageMessageSchema,
  type GameMessage,
  type GamePlayer,
  type PlatformCommand,
  type StorageMessage,
} from "#contract/game-protocol";
import { NO_AD, type AdBreakOutcome } from "./ad-breaks";

/**
 * The platform's side of the game SDK (public/sdk/playfeed-sdk.js, docs/game-sdk.md). A game frame
 * talks to the page that embeds it with postMessage; only messages from that frame's window and origin
 * are believed, and commands go only to that frame.
 */

/** What one game may keep through sdk.storage (contract/game-data.ts); the SDK enforces the same limits before it posts. */
export { type GameData };

/** The protocol's messages (contract/game-protocol.ts), for the page's code that imports them from here. */
export { type GameMessage, type GamePlayer, type StorageMessage };

/**
 * What a game is told of the viewer: their name (cut to the bound) and their picture as an absolute http(s) URL, or
 * null for a visitor. A picture kept inline (data:) or past the bound is left out rather than sent.
 */
export function gamePlayer(
  viewer: {
    name: string;
    profile_img: string | null;
    profile_pic: string | null;
  } | null,
  pictureUrl: (value: string | null) => string | null,
  pageOrigin: string,
): GamePlayer | null {
  const name = viewer?.name.trim().slice(0, 50);
  if (!viewer || !name) return null;
  const source = pictureUrl(viewer.profile_img || viewer.profile_pic);
  let picture: string | null = null;
  try {
    if (source) picture = new URL(source, pageOrigin).href;
  } catch {
    picture = null;
  }
  const player = { name, picture };
  if (gamePlayerSchema.safeParse(player).success) return player;
  return { name, picture: null };
}

/** What the page does for a game's break: show an ad or not, and say so. */
interface AdBreakRequest {
  kind: "interstitial" | "rewarded";
  /** To be called as the ad is about to show. */
  onAdStart: () => void;
}
export type RunAdBreak = (request: AdBreakRequest) => Promise<AdBreakOutcome>;

interface MessageLike {
  source: unknown;
  origin: string;
  data: unknown;
}

/**
 * Our own games run in a sandbox without allow-same-origin, so their documents have an opaque origin, which
 * postMessage reports as "null" and which a sender cannot name as a target.
 */
export const OPAQUE_ORIGIN = "null";

/**
 * The message if it really comes from our game frame, else null. For a sandboxed game the origin is "null", which any
 * sandboxed or data: document shares, so the guard is the source: only the window inside our own frame passes.
 */
export function acceptGameMessage(
  event: MessageLike,
  frameWindow: unknown,
  expectedOrigin: string,
): GameMessage | StorageMessage | null {
  if (
    !frameWindow ||
    event.source !== frameWindow ||
    event.origin !== expectedOrigin
  )
    return null;
  const result = gameMessageSchema.safeParse(event.data);
  if (result.success) return result.data;
  const storage = storageMessageSchema.safeParse(event.data);
  return storage.success ? storage.data : null;
}

function isStorageMessage(
  message: GameMessage | StorageMessage,
): message is StorageMessage {
  return message.type.startsWith("storage_");
}

/** The data after one change from the game, or null when the change would break a limit. */
export function applyStorageMessage(
  data: GameData,
  message: StorageMessage,
): GameData | null {
  const next = new Map(message.type === "storage_clear" ? [] : data);
  if (message.type === "storage_set") next.set(message.key, message.value);
  if (message.type === "storage_remove") next.delete(message.key);
  return withinStorageLimits(next) ? [...next] : null;
}

/** Each game's data lives in the page's own localStorage, which the sandboxed game cannot reach, under its slug. */
export const gameStorageKey = (slug: string) => `pf_game:${slug}`;

export type KeyValueStorage = Pick<
  Storage,
  "getItem" | "setItem" | "removeItem"
>;

export function pageStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether a store can tell the game its data: `known`, or `pending` while a signed-in player's data is on its way
 * from the server, or `unavailable` when it could not be had (the read failed and this device has no copy).
 */
export type GameDataStatus = "known" | "pending" | "unavailable";

export interface GameStore {
  /** The data as this page holds it; only the game's data when `status()` is `known`. */
  read(): GameData;
  apply(message: StorageMessage): void;
  status(): GameDataStatus;
  /** Hears each change of status; returns how to stop hearing. */
  subscribe(listener: () => void): () => void;
}

/** The game's data when the store knows it, else null: a game is never handed a guess as its data. */
function knownGameData(store: GameStore | null): GameData | null {
  if (!store) return [];
  return store.status() === "known" ? store.read() : null;
}

export const FRAME_DATA_PREFIX = "playfeed-data:";

/**
 * What the frame's name carries into the game's page (the SDK reads window.name as its script starts and clears it):
 * the game's data when it is known, so a game has it before its first line runs, else nothing.
 */
export function frameDataName(store: GameStore | null): string {
  const data = knownGameData(store);
  return data ? FRAME_DATA_PREFIX + JSON.stringify(data) : "";
}

/**
 * Names the frame's window before it is pointed at the game: the name outlives that navigation, so the game's page
 * finds it. The iframe's name attribute would not do: Chromium reads it only when the frame is inserted, which React
 * (and the server's HTML) did long before. A sandboxed game without allow-same-origin (our own) cannot be named from
 * here; it is told its data by `welcome` and `start`. Returns whether the name was set.
 */
export function nameGameFrame(
  frame: Pick<HTMLIFrameElement, "contentWindow">,
  name: string,
): boolean {
  try {
    if (!frame.contentWindow) return false;
    frame.contentWindow.name = name;
    return true;
  } catch {
    return false;
  }
}

/** A game's data in the page's storage; what cannot be read or is out of bounds counts as nothing stored. */
export function createGameStore(
  slug: string,
  storage: KeyValueStorage | null = pageStorage(),
): GameStore {
  const key = gameStorageKey(slug);
  const read = (): GameData => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? "{}");
      const entries =
        parsed && typeof parsed === "object" && !Array.isArray(parsed)
          ? Object.entries(parsed)
          : [];
      const result = GameDataSchema.safeParse(entries);
      return result.success ? result.data : [];
    } catch {
      return [];
    }
  };
  return {
    read,
    status: () => "known",
    subscribe: () => () => undefined,
    apply(message) {
      // Read afresh: another tab may have written since.
      const next = applyStorageMessage(read(), message);
      if (!next) return;
      try {
        if (next.length === 0) storage?.removeItem(key);
        else storage?.setItem(key, JSON.stringify(Object.fromEntries(next)));
      } catch {
        // Storage full or blocked: the game keeps its copy for this visit, which is all it can have.
      }
    },
  };
}

/**
 * Where a game runs: our own games from /games/<slug>/ (the folder itself: the asset server answers
 * /games/<slug>/index.html with a redirect to it, a round trip a phone on a slow network feels), external ones
 * (type 2) from their link, a developer's uploaded game from its document on the games origin (`bundle_url`), in the
 * same sandbox as ours.
 */
export function gameFrameSource(game: {
  slug: string;
  type: number;
  external_link: string | null;
  bundle_url?: string | null;
}): string | null {
  if (game.type === 2)
    return isAllowedExternalLink(game.external_link)
      ? game.external_link
      : null;
  if (game.bundle_url) return game.bundle_url;
  return `/games/${encodeURIComponent(game.slug)}/`;
}

/** External games must be served over https (plain http only from this machine, for development). */
export function isAllowedExternalLink(
  link: string | null | undefined,
): link is string {
  if (!link) return false;
  try {
    const url = new URL(link);
    if (url.protocol === "https:") return true;
    return (
      url.protocol === "http:" &&
      ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

export function frameOrigin(source: string, pageOrigin: string): string {
  return new URL(source, pageOrigin).origin;
}

/**
 * Our own games are served from our origin, so without allow-same-origin their documents get an opaque one: no way to
 * the page, our cookies or localStorage, and no credentialed calls to our API. They reach the platform through the SDK.
 */
export const OWN_GAME_SANDBOX = "allow-scripts allow-pointer-lock";

/**
 * External games keep their own origin (a different one from ours), so they may keep their own storage. Their
 * alert/confirm/prompt show as the browser's own dialogs, as on the portals, whose game frames allow modals: without
 * allow-modals they fail silently and a game's "Reset progress?" does nothing.
 */
export const EXTERNAL_GAME_SANDBOX =
  "allow-scripts allow-same-origin allow-pointer-lock allow-modals";

/** A 32-bit seed; two players in a match receive the same one. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * Everything that passes the bridge, as the developer's inspector shows it: each message the game sent that the bridge
 * believed (storage changes too), each one from our game frame it refused as no valid SDK message, and each command
 * sent to the game, as sent (with the data it carried).
 */
export type BridgeTraffic =
  | { direction: "in"; message: GameMessage | StorageMessage }
  | { direction: "refused"; type: string }
  | { direction: "out"; command: PlatformCommand };

/** A message from our frame that says it is the SDK's but that no schema accepts: its type, as far as it says one. */
function refusedType(event: MessageLike): string | null {
  const data = event.data as { source?: unknown; type?: unknown } | null;
  if (!data || typeof data !== "object" || data.source !== GAME_SOURCE)
    return null;
  return typeof data.type === "string" ? data.type.slice(0, 40) : "?";
}

export interface GameConnection {
  send(command: PlatformCommand): void;
  /** Gives the frame the keyboard, so a desktop player's keys reach the game without pressing Tab. */
  focus(): void;
  dispose(): void;
}

/**
 * Listens to the game in the frame. Storage requests are answered here, and every start carries the game's stored
 * data (when it is known), so a game can read it synchronously from its start handler on. Every ad break is answered
 * too, through `runAdBreak` (with none, at once with no ad), so a game waiting on one always goes on. With `player`,
 * each `hello` is answered with `welcome` as soon as the store can say what the data is, and again when it learns it.
 * Every other message, the breaks included, goes to onMessage.
 */
export function connectGameFrame(
  frame: HTMLIFrameElement,
  expectedOrigin: string,
  onMessage: (message: GameMessage) => void,
  store: GameStore | null = null,
  runAdBreak: RunAdBreak = () => Promise.resolve(NO_AD),
  player?: () => GamePlayer | null,
  observe?: (traffic: BridgeTraffic) => void,
): GameConnection {
  // An opaque origin cannot be named as a target, so commands to a sandboxed game go to "*". Whoever holds the
  // document in our frame already is the game, so its own data and the playback commands tell it nothing new.
  const targetOrigin = expectedOrigin === OPAQUE_ORIGIN ? "*" : expectedOrigin;
  let connected = true;
  const withData = (command: PlatformCommand): PlatformCommand => {
    if (command.type !== "start" && command.type !== "welcome") return command;
    const storage = knownGameData(store);
    if (storage) return { ...command, storage };
    // A game that is not told its data waits for it: an empty one would read as "no save" and be saved over.
    const told = { ...command };
    delete told.storage;
    if (told.type === "welcome" && store?.status() === "unavailable")
      told.unavailable = true;
    return told;
  };
  const send = (command: PlatformCommand) => {
    if (!connected) return;
    const told = withData(command);
    frame.contentWindow?.postMessage(
      { source: PLATFORM_SOURCE, ...told },
      targetOrigin,
    );
    observe?.({ direction: "out", command: told });
  };
  /** Whether the game's page has said hello, so it waits for a welcome. */
  let greeted = false;
  const welcome = () => {
    if (!player || !greeted || store?.status() === "pending") return;
    send({ type: "welcome", player: player() });
  };
  const unsubscribe = store?.subscribe(welcome);
  const answerBreak = (kind: AdBreakRequest["kind"], id: number) => {
    void runAdBreak({
      kind,
      onAdStart: () => send({ type: "ad_break_start", id }),
    })
      .catch(() => NO_AD)
      .then(({ shown, rewarded }) =>
        send({
          type: "ad_break_done",
          id,
          shown,
          rewarded: kind === "rewarded" && rewarded,
        }),
      );
  };
  const listener = (event: MessageEvent) => {
    const message = acceptGameMessage(
      event,
      frame.contentWindow,
      expectedOrigin,
    );
    if (!message) {
      const refused =
        observe &&
        event.source === frame.contentWindow &&
        event.origin === expectedOrigin
          ? refusedType(event)
          : null;
      if (refused !== null) observe?.({ direction: "refused", type: refused });
      return;
    }
    observe?.({ direction: "in", message });
    if (isStorageMessage(message)) {
      store?.apply(message);
      return;
    }
    if (message.type === "hello") {
      greeted = true;
      welcome();
      return;
    }
    if (message.type === "rewarded_break") answerBreak("rewarded", message.id);
    if (message.type === "commercial_break" && message.id !== undefined)
      answerBreak("interstitial", message.id);
    onMessage(message);
  };
  window.addEventListener("message", listener);
  return {
    send,
    focus() {
      frame.focus({ preventScroll: true });
      frame.contentWindow?.focus();
    },
    dispose() {
      connected = false;
      unsubscribe?.();
      window.removeEventListener("message", listener);
    },
  };
}
