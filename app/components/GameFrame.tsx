import { useEffect, useRef } from "react";
import { connectGameFrame, frameOrigin, type GameConnection, type GameMessage } from "~/lib/game-bridge";

export interface GameFrameProps {
  src: string;
  title: string;
  onMessage: (message: GameMessage, connection: GameConnection) => void;
  /** Our own games share the origin; external ones keep theirs, sandboxed. */
  external?: boolean;
}

/** The full-size frame a game plays in, wired to the SDK bridge for as long as it is mounted. */
export function GameFrame({ src, title, onMessage, external = false }: GameFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const connection = connectGameFrame(frame, frameOrigin(src, window.location.origin), (message) =>
      onMessageRef.current(message, connection),
    );
    // The game is loaded only once the bridge listens: a game that says "ready" at once is never missed.
    frame.src = src;
    return () => connection.dispose();
  }, [src]);

  return (
    <iframe
      ref={frameRef}
      className="game-frame"
      title={title}
      allow="autoplay; fullscreen; gamepad"
      sandbox={external ? "allow-scripts allow-same-origin allow-pointer-lock" : undefined}
      referrerPolicy="origin"
    />
  );
}
