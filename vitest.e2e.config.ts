import { defineConfig } from "vitest/config";

// Browser tests: the real app under `wrangler dev` (started by the global setup) in Debian's Chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    // The tests' own requests are sent again when wrangler dev's proxy asks (a POST it cannot replay itself); a
    // failed test prints what its pages went through.
    setupFiles: [
      "./tests/e2e/dev-proxy-retry.ts",
      "./tests/e2e/page-journal.ts",
    ],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server on a 2-core machine: files run one after another.
    fileParallelism: false,
    // A test that fails is tried once more, and the run ends with the list of those that passed only then
    // (tests/e2e/flaky-reporter.ts): 50 files take over half an hour on two shared cores, and a state waited on
    // can miss its time under load (docs/developing.md, "Browser tests under load").
    retry: 1,
    reporters: ["default", "./tests/e2e/flaky-reporter.ts"],
    // A state waited on may take a while on a loaded 2-core machine; a test that bounds a latency says so itself.
    expect: { poll: { timeout: 5_000 } },
  },
});
