import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
/** Where a path the docs name short may start: the map names `services/play.ts` for `workers/services/play.ts`. */
const BASES = [
  "",
  "app/",
  "app/components/",
  "app/routes/",
  "app/styles/",
  "workers/",
  "workers/services/",
  "workers/durable-objects/",
  "games/",
  "scripts/",
  "tests/",
  "public/",
];
/** Folders made at run time, which the docs describe but a checkout does not hold. */
const MADE_AT_RUN_TIME = [".wrangler/state/v3/", "d1/", "r2/", "do/"];

describe("the docs", () => {
  it("name only files and folders that exist", () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(path.join(root, doc), "utf8");
      for (const [, named] of text.matchAll(/`([\w.\-/[\]$]{1,200})`/g)) {
        // Absolute paths are addresses; `../shared/` is outside the checkout.
        if (
          !named.includes("/") ||
          /^\.?\.?\//.test(named.replace(/^\.\//, "x/"))
        )
          continue;
        if (!/\.[a-z]{1,5}$|\/$/.test(named)) continue;
        if (MADE_AT_RUN_TIME.includes(named)) continue;
        const relative = named.replace(/^\.\//, "");
        const exists = BASES.some((base) =>
          existsSync(path.join(root, base + relative)),
        );
        if (!exists) missing.push(`${doc}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
