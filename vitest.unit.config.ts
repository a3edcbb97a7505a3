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
    ],
    environment: "node",
    // Component tests (*.test.tsx) choose happy-dom with a `// @vitest-environment happy-dom` first line.
    environmentOptions: {
      // A component test stands in for what a game frame would load: no frame page is fetched.
      happyDOM: {
        settings: { navigation: { disableChildFrameNavigation: true } },
      },
    },
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
  },
});
