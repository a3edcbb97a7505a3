import { z } from "zod";

/**
 * The platform's side of the game SDK (public/sdk/playfeed-sdk.js, docs/game-sdk.md). A game frame
 * talks to the page that embeds it with postMessage; only messages from that frame's window and origin
 * are believed, and commands go only to that origin.
 */

const GAME = z.literal("playfeed-game");
const score = z.number().int().nonnegative().max(1_000_000_000);

export const gameMessageSchema = z.discriminatedUnion("type", [
  z.object({ source: GAME, type: z.literal("ready") }),
  z.object({ source: GAME, type: z.literal("loading"), value: z.number().min(0).max(100) }),
  z.object({ source: GAME, type: z.literal("gameplay_start") }),
  z.object({ source: GAME, type: z.literal("gameplay_stop") }),
  z.object({ source: GAME, type: z.literal("game_score"), value: score }),
  z.object({ source: GAME, type: z.literal("final_score"), value: score }),
  z.object({ source: GAME, type: z.literal("happy_time") }),
  z.object({ source: GAME, type: z.literal("commercial_break") }),
]);

export type GameMessage = z.infer<typeof gameMessageSchema>;

export type PlatformCommand =
  | { type: "start"; seed: number; duration?: number }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "mute" }
  | { type: "unmute" };

interface MessageLike {
  source: unknown;
  origin: string;
  data: unknown;
}

/** The message if it really comes from our game frame, else null. */
export function acceptGameMessage(event: MessageLike, frameWindow: unknown, expectedOrigin: string): GameMessage | null {
  if (!frameWindow || event.source !== frameWindow || event.origin !== expectedOrigin) return null;
  const result = gameMessageSchema.safeParse(event.data);
  return result.success ? result.data : null;
}

/** Where a game runs: our own games from /games/<slug>/, external ones (type 2) from their link. */
export function gameFrameSource(game: { slug: string; type: number; external_link: string | null }): string | null {
  if (game.type === 2) return isAllowedExternalLink(game.external_link) ? game.external_link : null;
  return `/games/${encodeURIComponent(game.slug)}/index.html`;
}

/** External games must be served over https (plain http only from this machine, for development). */
export function isAllowedExternalLink(link: string | null | undefined): link is string {
  if (!link) return false;
  try {
    const url = new URL(link);
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  } catch {
    return false;
  }
}

export function frameOrigin(source: string, pageOrigin: string): string {
  return new URL(source, pageOrigin).origin;
}

/** A 32-bit seed; two players in a match receive the same one. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

export interface GameConnection {
  send(command: PlatformCommand): void;
  dispose(): void;
}

export function connectGameFrame(
  frame: HTMLIFrameElement,
  expectedOrigin: string,
  onMessage: (message: GameMessage) => void,
): GameConnection {
  const listener = (event: MessageEvent) => {
    const message = acceptGameMessage(event, frame.contentWindow, expectedOrigin);
    if (message) onMessage(message);
  };
  window.addEventListener("message", listener);
  return {
    send(command) {
      frame.contentWindow?.postMessage({ source: "playfeed-platform", ...command }, expectedOrigin);
    },
    dispose() {
      window.removeEventListener("message", listener);
    },
  };
}
