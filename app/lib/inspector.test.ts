import { describe, expect, it } from "vitest";
import type { BridgeTraffic, GameMessage } from "./game-bridge";
import {
  MAX_LOG_ENTRIES,
  checklistOf,
  describeTraffic,
  fitsWithoutScrolling,
  formatSinceLoad,
  initialInspectorState,
  inspectorReducer,
  type InspectorState,
} from "./inspector";

type WithoutSource<T> = T extends unknown ? Omit<T, "source"> : never;

const fromGame = (message: WithoutSource<GameMessage>): BridgeTraffic => ({
  direction: "in",
  message: { source: "playfeed-game", ...message } as GameMessage,
});

function play(...traffic: BridgeTraffic[]): InspectorState {
  return traffic.reduce(
    (state, item, index) =>
      inspectorReducer(state, {
        kind: "traffic",
        traffic: item,
        at: index * 250,
      }),
    initialInspectorState(),
  );
}

const statusOf = (state: InspectorState) =>
  Object.fromEntries(checklistOf(state).map((item) => [item.id, item.status]));

const layout = (
  width: number,
  height: number,
  scrollWidth = width,
  scrollHeight = height,
) => fromGame({ type: "layout", width, height, scrollWidth, scrollHeight });

describe("the inspector's checklist", () => {
  it("waits for everything at first", () => {
    expect(statusOf(initialInspectorState())).toEqual({
      loading: "waiting",
      "gameplay-start": "waiting",
      "gameplay-stop": "waiting",
      errors: "waiting",
      "fits-phone": "waiting",
      "fits-desktop": "waiting",
    });
  });

  it("turns each item green as the game does it, and counts no errors once it has loaded", () => {
    const state = play(
      fromGame({ type: "hello" }),
      fromGame({ type: "loading", value: 0 }),
      fromGame({ type: "ready" }),
      fromGame({ type: "gameplay_start" }),
      fromGame({ type: "gameplay_stop" }),
    );
    expect(statusOf(state)).toMatchObject({
      loading: "passed",
      "gameplay-start": "passed",
      "gameplay-stop": "passed",
      errors: "passed",
    });
  });

  it("turns the errors item red on the first uncaught error, with the count", () => {
    const error = fromGame({
      type: "game_error",
      message: "boom",
      file: "https://g.example/game.js",
      line: 12,
    });
    const state = play(fromGame({ type: "ready" }), error, error);
    const item = checklistOf(state).find((check) => check.id === "errors")!;
    expect(item.status).toBe("failed");
    expect(item.detail).toContain("2 errors");
  });

  it("judges a size only from a report taken at that size: fits when nothing reaches past the frame", () => {
    let state = play(fromGame({ type: "ready" }), layout(700, 500));
    state = inspectorReducer(state, { kind: "measure", size: "phone" });
    expect(statusOf(state)["fits-phone"]).toBe("checking");
    state = inspectorReducer(state, {
      kind: "traffic",
      traffic: layout(390, 844),
      at: 900,
    });
    expect(statusOf(state)["fits-phone"]).toBe("passed");
    state = inspectorReducer(state, { kind: "measure", size: "desktop" });
    state = inspectorReducer(state, {
      kind: "traffic",
      traffic: layout(1280, 800, 1280, 1400),
      at: 1000,
    });
    const desktop = checklistOf(state).find(
      (check) => check.id === "fits-desktop",
    )!;
    expect(desktop.status).toBe("failed");
    expect(desktop.detail).toContain("1280×1400");
    // The phone's verdict stands while the frame is at another size.
    expect(statusOf(state)["fits-phone"]).toBe("passed");
  });

  it("judges at once a frame already at the size chosen, which sends no new report", () => {
    let state = play(fromGame({ type: "ready" }), layout(1280, 800));
    expect(statusOf(state)["fits-desktop"]).toBe("passed");
    state = inspectorReducer(initialInspectorState(), {
      kind: "traffic",
      traffic: layout(391, 843, 391, 900),
      at: 0,
    });
    state = inspectorReducer(state, { kind: "measure", size: "phone" });
    expect(statusOf(state)["fits-phone"]).toBe("failed");
  });

  it("allows one pixel of rounding", () => {
    expect(
      fitsWithoutScrolling({
        width: 390,
        height: 844,
        scrollWidth: 391,
        scrollHeight: 844,
      }),
    ).toBe(true);
    expect(
      fitsWithoutScrolling({
        width: 390,
        height: 844,
        scrollWidth: 392,
        scrollHeight: 844,
      }),
    ).toBe(false);
  });
});

describe("the inspector's log", () => {
  it("keeps the latest lines only, numbered and timed from the load", () => {
    const many = Array.from({ length: MAX_LOG_ENTRIES + 5 }, (_, value) =>
      fromGame({ type: "game_score", value }),
    );
    const state = play(...many);
    expect(state.entries).toHaveLength(MAX_LOG_ENTRIES);
    expect(state.entries[0].summary).toBe("Score 5");
    expect(state.entries.at(-1)!.id).toBe(MAX_LOG_ENTRIES + 5);
    expect(formatSinceLoad(state.entries[0].at)).toBe("+1.25 s");
  });

  it("says which way each message went, in words a developer reads, with the size of data written", () => {
    expect(
      describeTraffic(fromGame({ type: "loading", value: 0 })),
    ).toMatchObject({ from: "game", summary: "Loading started" });
    expect(
      describeTraffic(fromGame({ type: "loading", value: 40 })).summary,
    ).toBe("Loading 40%");
    expect(
      describeTraffic({
        direction: "in",
        message: {
          source: "playfeed-game",
          type: "storage_set",
          key: "best",
          value: "1200",
        },
      }),
    ).toMatchObject({ summary: 'Saves "best" (4 characters)', size: 8 });
    expect(
      describeTraffic(fromGame({ type: "commercial_break", id: 3 })).summary,
    ).toBe("Asks for an ad break (break 3)");
    expect(
      describeTraffic(fromGame({ type: "final_score", value: 42 })).summary,
    ).toBe("Final score 42 (not recorded)");
    expect(
      describeTraffic(
        fromGame({
          type: "game_error",
          message: "boom",
          file: "game.js",
          line: 7,
        }),
      ),
    ).toMatchObject({
      summary: "boom (game.js:7)",
      problem: true,
    });
    expect(
      describeTraffic({
        direction: "out",
        command: {
          type: "ad_break_done",
          id: 3,
          shown: false,
          rewarded: false,
        },
      }),
    ).toMatchObject({ from: "platform", summary: "Break 3 is over: no ad" });
    expect(
      describeTraffic({
        direction: "out",
        command: {
          type: "welcome",
          player: { name: "Ava", picture: null },
          storage: [["best", "12"]],
        },
      }),
    ).toMatchObject({
      summary: "Welcome (signed in as Ava), with 1 saved key",
      size: 6,
    });
    expect(
      describeTraffic({ direction: "refused", type: "final_score" }),
    ).toMatchObject({
      type: "final_score",
      problem: true,
    });
  });
});
