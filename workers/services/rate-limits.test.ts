import { describe, expect, it } from "vitest";
import { clientAddress, RATE_LIMITS, waitText } from "./rate-limits";

describe("waitText", () => {
  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [40.1, "41 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [7199, "120 minutes"],
    [7200, "2 hours"],
    [6.5 * 3600, "7 hours"],
  ])("says %s s as %s", (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});

describe("clientAddress", () => {
  it("is Cloudflare's CF-Connecting-IP, bounded, else a constant", () => {
    expect(
      clientAddress(
        new Request("https://x.test", {
          headers: { "CF-Connecting-IP": "203.0.113.7" },
        }),
      ),
    ).toBe("203.0.113.7");
    expect(
      clientAddress(
        new Request("https://x.test", {
          headers: { "CF-Connecting-IP": "9".repeat(500) },
        }),
      ),
    ).toHaveLength(64);
    expect(clientAddress(new Request("https://x.test"))).toBe("local");
  });
});

describe("RATE_LIMITS", () => {
  it("says what was limited in a sentence, before the wait is added", () => {
    for (const { tooMany, limit, windowMs } of Object.values(RATE_LIMITS)) {
      expect(tooMany).toMatch(/^[A-Z].*\.$/);
      expect(limit).toBeGreaterThan(0);
      expect(windowMs % 60_000).toBe(0);
    }
  });
});
