import { defineConfig } from "vitest/config";

// Browser tests: the real app under `wrangler dev` (started by the global setup) in Debian's Chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    // The tests' own requests are sent again when wrangler dev's proxy asks (a POST it cannot replay itself).
    setupFiles: ["./tests/e2e/dev-proxy-retry.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server on a 2-core machine: files run one after another.
    fileParallelism: false,
    // A state waited on may take a while on a loaded 2-core machine; a test that bounds a latency says so itself.
    expect: { poll: { timeout: 5_000 } },
  },
});
