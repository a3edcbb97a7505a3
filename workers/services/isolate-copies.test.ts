import { describe, expect, it, vi } from "vitest";
import { IsolateCopies } from "./isolate-copies";

describe("IsolateCopies", () => {
  it("shares one read while fresh, reads again after its time, and forgets on demand", async () => {
    vi.useFakeTimers();
    try {
      const copies = new IsolateCopies<string, number>(10_000, 10);
      let reads = 0;
      const read = () => Promise.resolve(++reads);
      expect(
        await Promise.all([copies.get("a", read), copies.get("a", read)]),
      ).toEqual([1, 1]);
      vi.advanceTimersByTime(10_001);
      expect(await copies.get("a", read)).toBe(2);
      copies.forget("a");
      expect(await copies.get("a", read)).toBe(3);
      copies.forget();
      expect(await copies.get("a", read)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not keep a failed read, and starts afresh past its number of keys", async () => {
    const copies = new IsolateCopies<string, string>(10_000, 2);
    await expect(
      copies.get("a", () => Promise.reject(new Error("down"))),
    ).rejects.toThrow("down");
    expect(await copies.get("a", () => Promise.resolve("up"))).toBe("up");
    await copies.get("b", () => Promise.resolve("b"));
    // A third key clears the two kept: "a" is read again.
    await copies.get("c", () => Promise.resolve("c"));
    expect(await copies.get("a", () => Promise.resolve("again"))).toBe("again");
  });
});
