import { describe, expect, it } from "vitest";
import {
  LogError,
  decodeLog,
  encodeLog,
  type InputEvent,
  type InputLog,
} from "./input-log";

const drag = (from: number, count: number, y = 540): InputEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    step: from + i,
    kind: "pointerMove" as const,
    x: 180 + ((i * 7) % 23) - 11,
    y,
  }));

describe("the input log", () => {
  it("decodes to exactly what was encoded: taps, keys, drags along x and drags in both directions", () => {
    const log: InputLog = {
      steps: 900,
      events: [
        { step: 0, kind: "pointerDown", x: 180, y: 540 },
        ...drag(1, 200),
        { step: 201, kind: "pointerUp", x: 3, y: 540 },
        { step: 240, kind: "keyDown", key: "ArrowLeft" },
        { step: 240, kind: "keyDown", key: " " },
        { step: 241, kind: "keyUp", key: "ArrowLeft" },
        ...drag(300, 50).map((move, i) => ({ ...move, y: 100 + i * 3 })),
        { step: 899, kind: "pointerDown", x: -20, y: 700 },
      ],
    };
    expect(decodeLog(encodeLog(log))).toEqual(log);
  });

  it("keeps a finger dragging along x to about a byte a step", () => {
    const log: InputLog = { steps: 10_800, events: drag(0, 10_800) };
    const text = encodeLog(log);
    expect(decodeLog(text)).toEqual(log);
    expect(text.length).toBeLessThan(10_800 * 1.4);
  });

  it("refuses a log that is cut, padded, of another version, or with inputs after the round", () => {
    const text = encodeLog({
      steps: 100,
      events: [{ step: 5, kind: "keyDown", key: "a" }, ...drag(10, 20)],
    });
    for (const bad of [
      text.slice(0, -2),
      `${text}AAAA`,
      `B${text.slice(1)}`,
      "!!!!",
      encodeLog({
        steps: 10,
        events: [{ step: 10, kind: "keyDown", key: "a" }],
      }),
      encodeLog({ steps: 15, events: drag(10, 20) }),
    ])
      expect(() => decodeLog(bad), bad).toThrow(LogError);
  });
});
