import { useMemo } from "react";
import { gamePlayer } from "~/lib/game-bridge";
import { resolveMediaUrl } from "~/lib/media";
import type { Viewer } from "~/lib/viewer";

/** Told to the game (CrazyGames' user.getUser()): the public name and picture, as on the boards. */
export function useGamePlayer(viewer: Viewer | null, mediaBase: string) {
  return useMemo(
    () =>
      typeof window === "undefined"
        ? null
        : gamePlayer(
            viewer,
            (value) => resolveMediaUrl(value, mediaBase),
            window.location.origin,
          ),
    [viewer, mediaBase],
  );
}
