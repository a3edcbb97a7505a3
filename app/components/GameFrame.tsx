import { useEffect, useRef } from "react";
import {
  EXTERNAL_GAME_SANDBOX,
  OPAQUE_ORIGIN,
  OWN_GAME_SANDBOX,
  connectGameFrame,
  createGameStore,
  frameOrigin,
  type GameConnection,
  type GameMessage,
} from "~/lib/game-bridge";
import "./GameFrame.css";

export interface GameFrameProps {
  src: string;
  title: string;
  /** Names the game's data kept through sdk.storage. */
  slug: string;
  onMessage: (message: GameMessage, connection: GameConnection) => void;
  /** Our own games run sandboxed with an opaque origin; external ones keep their own origin, sandboxed too. */
  external?: boolean;
}

/** The full-size frame a game plays in, wired to the SDK bridge for as long as it is mounted. */
export function GameFrame({
  src,
  title,
  slug,
  onMessage,
  external = false,
}: GameFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

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
      createGameStore(slug),
    );
    // The game is loaded only once the bridge listens: a game that says "ready" at once is never missed.
    frame.src = src;
    return () => connection.dispose();
  }, [src, slug, external]);

  return (
    <iframe
      ref={frameRef}
      className="game-frame"
      title={title}
      allow="autoplay; fullscreen; gamepad"
      sandbox={external ? EXTERNAL_GAME_SANDBOX : OWN_GAME_SANDBOX}
      referrerPolicy="origin"
    />
  );
}
