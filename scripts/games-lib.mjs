// Loads the own games' simulations (games/<slug>/sim.ts) into Node, bundled with esbuild, for the
// scripts that record and replay rounds outside a browser.
import { build } from "esbuild";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const gamesDir = path.join(root, "games");

/** Slugs of the games that have a simulation. */
export const simulatedSlugs = () =>
  readdirSync(gamesDir).filter((name) =>
    existsSync(path.join(gamesDir, name, "sim.ts")),
  );

export async function loadGames() {
  const dir = mkdtempSync(path.join(tmpdir(), "playfeed-games-"));
  try {
    const entry = path.join(dir, "entry.ts");
    const out = path.join(dir, "games.mjs");
    writeFileSync(
      entry,
      `export { registry } from ${JSON.stringify(path.join(gamesDir, "registry.ts"))};
export { encodeLog, decodeLog } from ${JSON.stringify(path.join(gamesDir, "shared", "input-log.ts"))};
export { startRound, replay } from ${JSON.stringify(path.join(gamesDir, "shared", "round.ts"))};
export { hostileLog } from ${JSON.stringify(path.join(gamesDir, "shared", "hostile-logs.ts"))};
`,
    );
    await build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      format: "esm",
      platform: "neutral",
      logLevel: "warning",
    });
    const module = await import(pathToFileURL(out).href);
    const games = Object.entries(module.registry).map(([slug, rules]) => ({
      slug,
      rules,
      meta: JSON.parse(
        readFileSync(path.join(gamesDir, slug, "meta.json"), "utf8"),
      ),
    }));
    return { ...module, games };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
