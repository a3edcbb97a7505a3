/**
 * Ad breaks through Google's H5 Games Ads placement API (adConfig/adBreak, pushed onto the ad script's queue). A
 * break always ends: the API calls adBreakDone whether or not an ad showed, and without a network (no AD_CLIENT_ID,
 * the script blocked) a break is over at once with nothing shown and no reward.
 */

/** The placement types we use: before the first gameplay, at a later natural break, and an ad the player asked for. */
type InterstitialType = "start" | "next";

export interface AdBreakOutcome {
  /** An ad was on screen (beforeAd came). */
  shown: boolean;
  /** A rewarded break's ad was watched to its end (adViewed came): only then is the reward due. */
  rewarded: boolean;
}

export const NO_AD: AdBreakOutcome = { shown: false, rewarded: false };

/** Called around the ad itself, not the whole break: the game is paused and muted only while an ad is on screen. */
export interface AdBreakHooks {
  onAdStart(): void;
  onAdEnd(): void;
}

export interface AdPlacements {
  interstitial(
    type: InterstitialType,
    name: string,
    hooks: AdBreakHooks,
  ): Promise<AdBreakOutcome>;
  /** The ad is shown as soon as one is ready: the game has already asked its player (Poki's rewardedBreak). */
  rewarded(name: string, hooks: AdBreakHooks): Promise<AdBreakOutcome>;
}

/** What the placement API calls back with at the end of a break. */
interface PlacementInfo {
  breakStatus?: string;
}

export const NO_PLACEMENTS: AdPlacements = {
  interstitial: () => Promise.resolve(NO_AD),
  rewarded: () => Promise.resolve(NO_AD),
};

/**
 * Breaks on Google's queue (`push` is `adsbygoogle.push`, `scriptReady` the ad script's load). adConfig goes first,
 * once: ads are preloaded so a break does not wait for one, and the games have sound, so the ads may too. One break
 * at a time: a break asked for while another is on ends at once with nothing shown.
 */
export function createAdPlacements(
  push: (item: Record<string, unknown>) => void,
  scriptReady: Promise<void>,
): AdPlacements {
  push({ preloadAdBreaks: "on", sound: "on" });
  let busy = false;

  function run(
    placement: Record<string, unknown>,
    hooks: AdBreakHooks,
    reward: { viewed: boolean } | null,
  ): Promise<AdBreakOutcome> {
    if (busy) return Promise.resolve(NO_AD);
    busy = true;
    return new Promise<AdBreakOutcome>((resolve) => {
      let shown = false;
      let over = false;
      const adEnded = () => {
        if (!shown || over) return;
        over = true;
        hooks.onAdEnd();
      };
      const finish = (outcome: AdBreakOutcome) => {
        busy = false;
        resolve(outcome);
      };
      scriptReady.then(
        () =>
          push({
            ...placement,
            beforeAd: () => {
              if (shown) return;
              shown = true;
              hooks.onAdStart();
            },
            afterAd: adEnded,
            adBreakDone: (_info?: PlacementInfo) => {
              adEnded();
              finish({ shown, rewarded: reward?.viewed ?? false });
            },
          }),
        () => finish(NO_AD),
      );
    });
  }

  return {
    interstitial: (type, name, hooks) => run({ type, name }, hooks, null),
    rewarded(name, hooks) {
      const reward = { viewed: false };
      return run(
        {
          type: "reward",
          name,
          // Called only when a rewarded ad is ready; the player already chose to watch one, so it shows at once.
          beforeReward: (showAdFn: () => void) => showAdFn(),
          adDismissed: () => {
            reward.viewed = false;
          },
          adViewed: () => {
            reward.viewed = true;
          },
        },
        hooks,
        reward,
      );
    },
  };
}
