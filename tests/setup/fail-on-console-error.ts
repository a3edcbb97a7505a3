import { beforeEach, vi } from "vitest";

// Noise is a failure: an unexpected console.error in a unit test fails that test.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
