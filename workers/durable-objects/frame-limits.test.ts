import { describe, expect, it } from "vitest";
import { WindowLimit, tooFastMessage } from "./frame-limits";

describe("WindowLimit", () => {
  it("allows the limit within the window, then says when the next one may go", () => {
    const limit = new WindowLimit(3, 1_000);
    expect(
      [limit.take(0), limit.take(100), limit.take(200)].every(
        (taken) => taken.ok,
      ),
    ).toBe(true);
    expect(limit.take(300)).toEqual({ ok: false, retryAfterMs: 700 });
    expect(limit.take(999)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(limit.take(1_000).ok).toBe(true);
    expect(limit.take(1_050)).toEqual({ ok: false, retryAfterMs: 50 });
  });

  it("does not count refused attempts against the sender", () => {
    const limit = new WindowLimit(1, 1_000);
    expect(limit.take(0).ok).toBe(true);
    for (let at = 1; at < 1_000; at += 10)
      expect(limit.take(at).ok).toBe(false);
    expect(limit.take(1_000).ok).toBe(true);
  });

  it("tells a person how long to wait in whole seconds", () => {
    expect(tooFastMessage(200)).toBe(
      "You are sending messages too fast. Please wait 1 second and try again.",
    );
    expect(tooFastMessage(12_400)).toContain("wait 13 seconds");
  });
});
