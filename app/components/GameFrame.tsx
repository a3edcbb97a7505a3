import { useEffect, useRef } from "react";
import { NO_AD } from "~/lib/ad-breaks";
import {
  EXTERNAL_GAME_SANDBOX,
  OPAQUE_ORIGIN,
  OWN_GAME_SANDBOX,
  connectGameFrame,
  frameDataName,
  frameOrigin,
  nameGameFrame,
  type BridgeTraffic,
  type GameConnection,
  type GameMessage,
  type GamePlayer,
  type RunAdBreak,
} from "~/lib/game-bridge";
import { isOnline } from "~/lib/network";
import { offlineGameDocument, pageNonce } from "~/lib/offline-game";
import { useGameStore, type GameDataOwner } from "./useGameStore";
import "./GameFrame.css";

export interface GameFrameProps {
  src: string;
  title: string;
  /** Names the game's data kept through sdk.storage. */
  slug: string;
  /** The signed-in player, whose data for the game the server keeps; without one, the data is this browser's. */
  dataOwner?: GameDataOwner | null;
  onMessage: (message: GameMessage, connection: GameConnection) => void;
  /** Our own games run sandboxed with an opaque origin; external ones keep their own origin, sandboxed too. */
  external?: boolean;
  /**
   * When given (null for a visitor), the game is told its data and the signed-in player (public name and picture):
   * the data in the frame's name before its page loads, when known, and both in answer to the SDK's `hello`. A replay
   * is not told: it plays someone else's round.
   */
  player?: GamePlayer | null;
  /** Each new value loads the game afresh in a new frame (Retry on a game that never said it was ready). */
  attempt?: number;
  /** Shows the game's ad breaks; without it every break is over at once, with no ad. */
  onAdBreak?: RunAdBreak;
  /** Hears everything that passes the bridge, both ways (the developer's inspector). */
  onTraffic?: (traffic: BridgeTraffic) => void;
  /** Offline, our game's page is put together from the service worker's copies; this hears when it cannot be. */
  onUnavailable?: () => void;
}

/** The full-size frame a game plays in, wired to the SDK bridge for as long as it is mounted. */
export function GameFrame({
  src,
  title,
  slug,
  dataOwner,
  onMessage,
  external = false,
  player,
  onAdBreak,
  onUnavailable,
  onTraffic,
  attempt = 0,
}: GameFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  const playerRef = useRef(player);
  playerRef.current = player;
  const onAdBreakRef = useRef(onAdBreak);
  onAdBreakRef.current = onAdBreak;
  const onUnavailableRef = useRef(onUnavailable);
  onUnavailableRef.current = onUnavailable;
  const onTrafficRef = useRef(onTraffic);
  onTrafficRef.current = onTraffic;
  const welcomes = player !== undefined;
  const store = useGameStore(slug, dataOwner);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const origin = external
      ? frameOrigin(src, window.location.origin)
      : OPAQUE_ORIGIN;
    const connection = connectGameFrame(
      frame,
      origin,
      (message) => onMessageRef.current(message, connection),
      store,
      (request) => onAdBreakRef.current?.(request) ?? Promise.resolve(NO_AD),
      welcomes ? () => playerRef.current ?? null : undefined,
      (traffic) => onTrafficRef.current?.(traffic),
    );
    // The game is loaded only once the bridge listens: a game that says "ready" at once is never missed. Its data
    // goes ahead in the frame's name, which its page reads before its first line (the SDK clears it).
    let current = true;
    const unavailable = () => {
      if (current) onUnavailableRef.current?.();
    };
    nameGameFrame(frame, welcomes ? frameDataName(store) : "");
    if (isOnline()) frame.src = src;
    // Another site's game cannot be kept: offline it is not loaded at all.
    else if (external) queueMicrotask(unavailable);
    else
      offlineGameDocument(src, pageNonce()).then((page) => {
        if (current) frame.srcdoc = page;
      }, unavailable);
    return () => {
      current = false;
      connection.dispose();
    };
  }, [src, external, welcomes, store, attempt]);

  return (
    <iframe
      key={attempt}
      ref={frameRef}
      className="game-frame"
      title={title}
      allow="autoplay; fullscreen; gamepad"
      sandbox={external ? EXTERNAL_GAME_SANDBOX : OWN_GAME_SANDBOX}
      referrerPolicy="origin"
    />
  );
}
