import { describe, expect, it } from "vitest";
import {
  buildFeedItems,
  Drawer,
  feedReducer,
  initialFeedState,
  isNearCurrent,
  showsScrollToTop,
  WHEEL_THRESHOLD,
  type FeedAction,
  type FeedState,
} from "./feed";

const games = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ _id: i + 1 }));
const layout = (n: number) =>
  buildFeedItems(games(n), (place) => `slot-${place}`).map((item) =>
    item.kind === "game" ? `g${item.game._id}` : "ad",
  );
const run = (state: FeedState, ...actions: FeedAction[]) =>
  actions.reduce(feedReducer, state);
const at = (index: number, count = 5): FeedState => ({
  ...initialFeedState(count),
  index,
});

describe("buildFeedItems", () => {
  it("puts an ad after every second game", () => {
    expect(layout(5)).toEqual(["g1", "g2", "ad", "g3", "g4", "ad", "g5"]);
  });

  it("never ends with an ad", () => {
    expect(layout(4)).toEqual(["g1", "g2", "ad", "g3", "g4"]);
    expect(layout(2)).toEqual(["g1", "g2"]);
    expect(layout(12).at(-1)).toBe("g12");
    expect(layout(12).filter((kind) => kind === "ad")).toHaveLength(5);
  });

  it("handles an empty or single-game feed", () => {
    expect(layout(0)).toEqual([]);
    expect(layout(1)).toEqual(["g1"]);
  });

  it("gives every item a unique key and asks for a slot per ad place", () => {
    const items = buildFeedItems(games(7), (place) => `slot-${place}`);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
    expect(
      items.flatMap((item) => (item.kind === "ad" ? [item.slot] : [])),
    ).toEqual(["slot-0", "slot-1", "slot-2"]);
  });
});

describe("feedReducer: vertical swipe", () => {
  it("moves one item per swipe", () => {
    expect(run(at(0), { type: "swipeVertical", direction: "next" }).index).toBe(
      1,
    );
    expect(
      run(at(3), { type: "swipeVertical", direction: "previous" }).index,
    ).toBe(2);
  });

  it("wraps past the last to the first and below the first to the last", () => {
    expect(run(at(4), { type: "swipeVertical", direction: "next" }).index).toBe(
      0,
    );
    expect(
      run(at(0), { type: "swipeVertical", direction: "previous" }).index,
    ).toBe(4);
  });

  it("does nothing on an empty feed", () => {
    const empty = initialFeedState(0);
    expect(run(empty, { type: "swipeVertical", direction: "next" })).toBe(
      empty,
    );
  });
});

describe("feedReducer: wheel", () => {
  it("adds deltas up until the threshold, then steps once and starts again", () => {
    const small = run(at(0), { type: "wheel", deltaY: 30 });
    expect(small.index).toBe(0);
    expect(small.wheelSum).toBe(30);
    const stepped = run(small, { type: "wheel", deltaY: 20 });
    expect(stepped.index).toBe(1);
    expect(stepped.wheelSum).toBe(0);
  });

  it("steps up on negative deltas and only one item for a big delta", () => {
    expect(run(at(3), { type: "wheel", deltaY: -WHEEL_THRESHOLD }).index).toBe(
      2,
    );
    expect(run(at(1), { type: "wheel", deltaY: 500 }).index).toBe(2);
  });

  it("clamps at both ends", () => {
    expect(run(at(4), { type: "wheel", deltaY: 120 }).index).toBe(4);
    expect(run(at(0), { type: "wheel", deltaY: -120 }).index).toBe(0);
  });

  it("opposite deltas cancel out", () => {
    expect(
      run(
        at(2),
        { type: "wheel", deltaY: 40 },
        { type: "wheel", deltaY: -40 },
        { type: "wheel", deltaY: 40 },
      ).index,
    ).toBe(2);
  });
});

describe("feedReducer: keyboard", () => {
  it("ArrowDown and ArrowUp step and clamp", () => {
    expect(run(at(1), { type: "key", key: "ArrowDown" }).index).toBe(2);
    expect(run(at(1), { type: "key", key: "ArrowUp" }).index).toBe(0);
    expect(run(at(0), { type: "key", key: "ArrowUp" }).index).toBe(0);
    expect(run(at(4), { type: "key", key: "ArrowDown" }).index).toBe(4);
  });

  it("Escape closes a drawer; other keys are ignored", () => {
    const open = { ...at(1), drawer: Drawer.publisher };
    expect(run(open, { type: "key", key: "Escape" }).drawer).toBe(
      Drawer.closed,
    );
    const state = at(1);
    expect(run(state, { type: "key", key: "Enter" })).toBe(state);
  });
});

describe("feedReducer: drawers", () => {
  it("swipe left opens the leaderboard and swipe right closes it", () => {
    const open = run(at(0), { type: "swipeHorizontal", direction: "left" });
    expect(open.drawer).toBe(Drawer.leaderboard);
    expect(
      run(open, { type: "swipeHorizontal", direction: "right" }).drawer,
    ).toBe(Drawer.closed);
  });

  it("swipe right opens the publisher and swipe left closes it", () => {
    const open = run(at(0), { type: "swipeHorizontal", direction: "right" });
    expect(open.drawer).toBe(Drawer.publisher);
    expect(
      run(open, { type: "swipeHorizontal", direction: "left" }).drawer,
    ).toBe(Drawer.closed);
  });

  it("the same swipe again leaves an open drawer open", () => {
    const open = run(at(0), { type: "swipeHorizontal", direction: "left" });
    expect(run(open, { type: "swipeHorizontal", direction: "left" })).toBe(
      open,
    );
  });

  it("opens and closes drawers directly", () => {
    const open = run(at(0), { type: "openDrawer", drawer: Drawer.leaderboard });
    expect(open.drawer).toBe(2);
    expect(run(open, { type: "closeDrawer" }).drawer).toBe(0);
  });
});

describe("feedReducer: other actions", () => {
  it("goTo clamps and resets the wheel", () => {
    expect(
      run({ ...at(3), wheelSum: 20 }, { type: "goTo", index: 0 }),
    ).toMatchObject({ index: 0, wheelSum: 0 });
    expect(run(at(3), { type: "goTo", index: 99 }).index).toBe(4);
  });

  it("reset keeps the index inside the new length", () => {
    expect(run(at(4), { type: "reset", count: 3 })).toMatchObject({
      index: 2,
      count: 3,
    });
  });
});

describe("selectors", () => {
  it("shows scroll-to-top when the index is above 1", () => {
    expect(showsScrollToTop(at(1))).toBe(false);
    expect(showsScrollToTop(at(2))).toBe(true);
  });

  it("marks the current item and its neighbours", () => {
    expect([0, 1, 2, 3, 4].map((i) => isNearCurrent(at(2), i))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});
