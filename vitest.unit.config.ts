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
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
  },
});
