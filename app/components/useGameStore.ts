import { useEffect, useMemo, useRef } from "react";
import type { GameDataAnswer } from "#contract/game-data";
import { createGameStore, type GameStore } from "~/lib/game-bridge";
import {
  createPlayerGameStore,
  readGameData,
  sendGameData,
} from "~/lib/player-game-store";

/** The signed-in player whose data a game keeps, and what the server held for them when the page was rendered. */
export interface GameDataOwner {
  userId: number;
  gameId: number;
  saved: GameDataAnswer | null;
}

/**
 * The store a game frame's storage requests go to (ADR 031): the player's, kept on the server, or for a visitor (no
 * owner) this browser's. The store answered through the returned one is swapped when the player changes, without
 * reloading the game; a change not sent yet goes out when the page is hidden or left.
 */
export function useGameStore(
  slug: string,
  owner: GameDataOwner | null | undefined,
): GameStore {
  const storeRef = useRef<GameStore | null>(null);
  /** Who hears the status of the store in use, whichever it is: the frame's connection welcomes the game on each. */
  const listeners = useRef(new Set<() => void>());
  const savedRef = useRef(owner?.saved ?? null);
  savedRef.current = owner?.saved ?? null;
  const userId = owner?.userId;
  const gameId = owner?.gameId;

  useEffect(() => {
    const heard = listeners.current;
    const announce = () => {
      for (const listener of [...heard]) listener();
    };
    if (userId === undefined || gameId === undefined) {
      storeRef.current = createGameStore(slug);
      announce();
      return;
    }
    const store = createPlayerGameStore({
      userId,
      slug,
      saved: savedRef.current,
      send: sendGameData(gameId),
    });
    storeRef.current = store;
    const stopAnnouncing = store.subscribe(announce);
    announce();
    let mounted = true;
    let learned = !!savedRef.current;
    // The page came without this player's data (it was rendered for someone else): the store asks the server first.
    const ask = () =>
      readGameData(gameId).then(
        (answer) => {
          if (!mounted || learned) return;
          learned = true;
          store.learn(answer);
        },
        () => {
          // Offline or refused: the changes stay in this device's copy, unsent, and the game hears what stands in.
          if (mounted) store.unreachable();
        },
      );
    if (!learned) void ask();
    // A change an earlier visit could not send (offline, or the page closed too soon) goes out now.
    else void store.flush();
    const leaving = () => void store.flush(true);
    const hidden = () => {
      if (document.visibilityState === "hidden") leaving();
    };
    const online = () => {
      if (learned) void store.flush();
      else void ask();
    };
    window.addEventListener("pagehide", leaving);
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("online", online);
    return () => {
      mounted = false;
      window.removeEventListener("pagehide", leaving);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("online", online);
      // Leaving the play screen within the app: the page lives on, so an ordinary request carries the last change.
      void store.flush();
      stopAnnouncing();
      store.dispose();
      storeRef.current = null;
    };
  }, [slug, userId, gameId]);

  return useMemo<GameStore>(
    () => ({
      read: () => storeRef.current?.read() ?? [],
      apply: (message) => storeRef.current?.apply(message),
      status: () => storeRef.current?.status() ?? "pending",
      subscribe(listener) {
        const all = listeners.current;
        all.add(listener);
        return () => all.delete(listener);
      },
    }),
    [],
  );
}
