import { useCallback, useEffect, useRef, type RefObject } from "react";
import {
  NO_PLACEMENTS,
  createAdPlacements,
  type AdBreakHooks,
  type AdPlacements,
} from "~/lib/ad-breaks";
import { adQueue, loadAdScript } from "~/lib/ads";
import type { GameConnection, RunAdBreak } from "~/lib/game-bridge";
import type { PlayClock } from "~/lib/play-clock";
import { useRootData } from "../root-data";

let placements: { clientId: string; value: AdPlacements } | null = null;
/** One set of placements per page load: adConfig is said once, however many rounds are played. */
function placementsFor(clientId: string | null | undefined): AdPlacements {
  if (!clientId) return NO_PLACEMENTS;
  if (placements?.clientId !== clientId)
    placements = {
      clientId,
      value: createAdPlacements(
        (item) => adQueue().push(item),
        loadAdScript(clientId),
      ),
    };
  return placements.value;
}

/** Rounds started since this page was loaded (client navigations keep it): every one after the first follows a break. */
let roundsStarted = 0;

interface PlayAdBreakOptions {
  connection: RefObject<GameConnection | null>;
  clock: RefObject<PlayClock>;
  /** Whether a round is being played right now (started, not over): only then is there a game to pause. */
  roundOn: () => boolean;
}

/**
 * The play screen's ad breaks (Google's H5 Games Ads placement API when AD_CLIENT_ID is set; none otherwise): an
 * interstitial between rounds, and the breaks a game asks for through the SDK. While an ad is on screen the game is
 * muted and, in the middle of a round, paused with the play clock; both come back when the ad is over.
 */
export function usePlayAdBreaks({
  connection,
  clock,
  roundOn,
}: PlayAdBreakOptions) {
  const { adClientId } = useRootData();
  // In the browser only (the placements live on the page's window), as soon as the play screen is there: the ad
  // script loads and the placement API is configured before the first break.
  useEffect(() => void placementsFor(adClientId), [adClientId]);
  /** True while an ad covers the game: nothing else may resume it meanwhile (a tab coming back, say). */
  const adOnScreen = useRef(false);
  const roundOnRef = useRef(roundOn);
  roundOnRef.current = roundOn;

  const hooks = useCallback(
    (onAdStart?: () => void): AdBreakHooks => {
      let pausedRound = false;
      return {
        onAdStart() {
          adOnScreen.current = true;
          onAdStart?.();
          connection.current?.send({ type: "mute" });
          if (roundOnRef.current()) {
            pausedRound = true;
            clock.current?.pause();
            connection.current?.send({ type: "pause" });
          }
        },
        onAdEnd() {
          adOnScreen.current = false;
          connection.current?.send({ type: "unmute" });
          if (!pausedRound) return;
          clock.current?.resume();
          connection.current?.send({ type: "resume" });
          connection.current?.focus();
        },
      };
    },
    [connection, clock],
  );

  /** A game's break: before its first gameplay a "start" placement, later a "next" one; a rewarded one on request. */
  const gameplaySeen = useRef(false);
  const runGameBreak: RunAdBreak = useCallback(
    ({ kind, onAdStart }) => {
      const ads = placementsFor(adClientId);
      return kind === "rewarded"
        ? ads.rewarded("game-reward", hooks(onAdStart))
        : ads.interstitial(
            gameplaySeen.current ? "next" : "start",
            "game-break",
            hooks(onAdStart),
          );
    },
    [adClientId, hooks],
  );
  const noteGameplay = useCallback(() => {
    gameplaySeen.current = true;
  }, []);

  /**
   * Before a round: after an earlier one in this visit (and when `allowed`: not in a match), an interstitial. The
   * break to wait for, or null when there is none (no network, the first round): the round then starts at once.
   */
  const beforeRound = useCallback(
    (allowed: boolean): Promise<unknown> | null => {
      const earlier = roundsStarted > 0;
      roundsStarted += 1;
      if (!earlier || !allowed || !adClientId) return null;
      return placementsFor(adClientId).interstitial(
        "next",
        "play-again",
        hooks(),
      );
    },
    [adClientId, hooks],
  );

  return { runGameBreak, beforeRound, noteGameplay, adOnScreen };
}
