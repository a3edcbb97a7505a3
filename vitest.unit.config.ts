import { defineConfig } from "vitest/config";

// Pure logic beside the code it tests: schemas, formatting, reducers.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "contract/**/*.test.ts",
      "workers/**/*.test.ts",
      "scripts/**/*.test.ts",
      "games/**/*.test.ts",
      "service-worker/**/*.test.ts",
    ],
    environment: "node",
    // Component tests (*.test.tsx) choose happy-dom with a `// @vitest-environment happy-dom` first line.
    environmentOptions: {
      // A component test stands in for what a game frame would load: no frame page is fetched.
      happyDOM: {
        settings: { navigation: { disableChildFrameNavigation: true } },
      },
    },
    // A component test renders a route and waits on it: five seconds is short on a machine shared by many runs.
    testTimeout: 15_000,
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    // Every core: Vitest's default leaves one idle.
    maxWorkers: "100%",
  },
});
