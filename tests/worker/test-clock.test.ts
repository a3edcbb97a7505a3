import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newPlayer, restoreClock, shiftClock } from "./helpers";

/** D1's clock, which stamps rows (`created_at` defaults) and which no test moves. */
const databaseNow = async () =>
  (await env.DB.prepare(
    "select unixepoch('subsec') * 1000 as now",
  ).first<number>("now")) ?? 0;

/** Work that holds the isolate without a break, as a replay or a burst of hashing does (about 0.2 s a call). */
function busy() {
  let sum = 0;
  for (let i = 0; i < 20_000_000; i++) sum = (sum + i * 31) % 1_000_003;
  return sum;
}

describe("the tests' moved clock (roomInWindow)", () => {
  it("stays the same step ahead of D1's while the isolate is busy, and comes back", async () => {
    shiftClock(15_000);
    const before = Date.now() - (await databaseNow());
    // Password hashing and requests keep the isolate busy for a few seconds, as a rate-limit test does.
    for (let i = 0; i < 6; i++) {
      await newPlayer(`Busy Clock ${i}`);
      busy();
    }
    const after = Date.now() - (await databaseNow());
    expect(before).toBeGreaterThan(14_000);
    expect(before).toBeLessThan(16_000);
    expect(Math.abs(after - before)).toBeLessThan(1_000);
    expect(new Date()).toBeInstanceOf(Date);
    expect(new Date(0).getTime()).toBe(0);
    expect(typeof (Date as unknown as () => string)()).toBe("string");

    restoreClock();
    expect(Math.abs(Date.now() - (await databaseNow()))).toBeLessThan(1_000);
  });
});
