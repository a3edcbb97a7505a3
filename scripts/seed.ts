// Seeds the local D1 database that `wrangler dev` uses.
//   tsx scripts/seed.ts [--if-empty] [--persist-to <dir>]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { isDatabaseEmpty, seedDatabase } from "../workers/seed/seed";

const args = process.argv.slice(2);
const ifEmpty = args.includes("--if-empty");
const persistIndex = args.indexOf("--persist-to");
const persistTo = path.resolve(
  persistIndex >= 0 ? args[persistIndex + 1] : ".wrangler/state",
);

// Only the D1 binding of wrangler.toml: the Durable Objects would only warn that they cannot run here.
// wrangler types unstable_readConfig through modules the type-aware linter cannot resolve: name the fields used.
const { name, compatibility_date, d1_databases } = unstable_readConfig({
  config: "wrangler.toml",
}) as unknown as {
  name?: string;
  compatibility_date?: string;
  d1_databases?: unknown[];
};
const configPath = path.resolve(".wrangler/tmp/seed.wrangler.json");
mkdirSync(path.dirname(configPath), { recursive: true });
writeFileSync(
  configPath,
  JSON.stringify({ name, compatibility_date, d1_databases }),
);

const proxy = await getPlatformProxy<Pick<Env, "DB">>({
  configPath,
  persist: { path: path.join(persistTo, "v3") },
});
try {
  if (ifEmpty && !(await isDatabaseEmpty(proxy.env.DB))) {
    console.log("Database already has data; not seeding.");
  } else {
    await seedDatabase(proxy.env.DB);
    console.log(
      "Seeded categories, publishers, the game catalogue and demo accounts.",
    );
  }
} finally {
  await proxy.dispose();
}
