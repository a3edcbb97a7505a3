import { describe, expect, it } from "vitest";
import { createAdPlacements, type AdBreakHooks } from "./ad-breaks";

type Placement = Record<string, unknown> & {
  type?: string;
  beforeAd?: () => void;
  afterAd?: () => void;
  beforeReward?: (showAdFn: () => void) => void;
  adDismissed?: () => void;
  adViewed?: () => void;
  adBreakDone?: (info: { breakStatus: string }) => void;
};

/** Google's queue as the placement API sees it: everything pushed, in order. */
function queue() {
  const pushed: Placement[] = [];
  return { pushed, push: (item: Placement) => void pushed.push(item) };
}

function recordingHooks() {
  const calls: string[] = [];
  const hooks: AdBreakHooks = {
    onAdStart: () => calls.push("start"),
    onAdEnd: () => calls.push("end"),
  };
  return { calls, hooks };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("ad breaks", () => {
  it("configures the placement API once, first", () => {
    const { pushed, push } = queue();
    createAdPlacements(push, Promise.resolve());
    expect(pushed).toEqual([{ preloadAdBreaks: "on", sound: "on" }]);
  });

  it("runs an interstitial: the game pauses for the ad only, and the break ends on adBreakDone", async () => {
    const { pushed, push } = queue();
    const { calls, hooks } = recordingHooks();
    const placements = createAdPlacements(push, Promise.resolve());
    const outcome = placements.interstitial("next", "play-again", hooks);
    await settled();
    const placement = pushed[1];
    expect(placement).toMatchObject({ type: "next", name: "play-again" });
    expect(calls).toEqual([]);
    placement.beforeAd!();
    expect(calls).toEqual(["start"]);
    placement.afterAd!();
    placement.adBreakDone!({ breakStatus: "viewed" });
    await expect(outcome).resolves.toEqual({ shown: true, rewarded: false });
    expect(calls).toEqual(["start", "end"]);
  });

  it("ends a break with no ad (frequency capped, none ready) without touching the game", async () => {
    const { pushed, push } = queue();
    const { calls, hooks } = recordingHooks();
    const outcome = createAdPlacements(push, Promise.resolve()).interstitial(
      "start",
      "game-break",
      hooks,
    );
    await settled();
    pushed[1].adBreakDone!({ breakStatus: "frequencyCapped" });
    await expect(outcome).resolves.toEqual({ shown: false, rewarded: false });
    expect(calls).toEqual([]);
  });

  it("grants a reward only when the ad was viewed", async () => {
    const { pushed, push } = queue();
    const { calls, hooks } = recordingHooks();
    const placements = createAdPlacements(push, Promise.resolve());

    const viewed = placements.rewarded("game-reward", hooks);
    await settled();
    const first = pushed[1];
    expect(first.type).toBe("reward");
    let shownAd = false;
    first.beforeReward!(() => {
      shownAd = true;
      first.beforeAd!();
    });
    expect(shownAd).toBe(true);
    first.adViewed!();
    first.afterAd!();
    first.adBreakDone!({ breakStatus: "viewed" });
    await expect(viewed).resolves.toEqual({ shown: true, rewarded: true });

    const dismissed = placements.rewarded("game-reward", hooks);
    await settled();
    const second = pushed[2];
    second.beforeReward!(() => second.beforeAd!());
    second.adDismissed!();
    // No afterAd: the break's end still gives the game back.
    second.adBreakDone!({ breakStatus: "dismissed" });
    await expect(dismissed).resolves.toEqual({ shown: true, rewarded: false });

    // A done that claims "viewed" without adViewed grants nothing either.
    const claimed = placements.rewarded("game-reward", hooks);
    await settled();
    pushed[3].adBreakDone!({ breakStatus: "viewed" });
    await expect(claimed).resolves.toEqual({ shown: false, rewarded: false });
    expect(calls).toEqual(["start", "end", "start", "end"]);
  });

  it("ends at once when the ad script cannot load, and one break at a time", async () => {
    const blocked = queue();
    await expect(
      createAdPlacements(
        blocked.push,
        Promise.reject(new Error("blocked")),
      ).rewarded("game-reward", recordingHooks().hooks),
    ).resolves.toEqual({ shown: false, rewarded: false });
    expect(blocked.pushed).toHaveLength(1);

    const { pushed, push } = queue();
    const placements = createAdPlacements(push, Promise.resolve());
    const first = placements.interstitial("next", "a", recordingHooks().hooks);
    await expect(
      placements.interstitial("next", "b", recordingHooks().hooks),
    ).resolves.toEqual({ shown: false, rewarded: false });
    await settled();
    expect(pushed).toHaveLength(2);
    pushed[1].adBreakDone!({ breakStatus: "notReady" });
    await first;
    // Free again once the first is over.
    void placements.interstitial("next", "c", recordingHooks().hooks);
    await settled();
    expect(pushed[2]).toMatchObject({ name: "c" });
  });
});
