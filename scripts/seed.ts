// Seeds the local D1 database that `wrangler dev` uses.
//   tsx scripts/seed.ts [--if-empty] [--persist-to <dir>]
// The database is reached through a small Worker beside it (d1-over-fetch.ts), not wrangler's getPlatformProxy: the
// proxy answers each `prepare` with a synchronous call that now and then reads another call's answer and fails.
import path from "node:path";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { isDatabaseEmpty, seedDatabase } from "../workers/seed/seed";
import { D1_WORKER, d1OverFetch } from "./d1-over-fetch";

const args = process.argv.slice(2);
const ifEmpty = args.includes("--if-empty");
const persistIndex = args.indexOf("--persist-to");
const persistTo = path.resolve(
  persistIndex >= 0 ? args[persistIndex + 1] : ".wrangler/state",
);

// wrangler types unstable_readConfig through modules the type-aware linter cannot resolve: name the fields used.
const { d1_databases } = unstable_readConfig({
  config: "wrangler.toml",
}) as unknown as {
  d1_databases: { binding: string; database_id: string }[];
};
const database = d1_databases.find(({ binding }) => binding === "DB");
if (!database) throw new Error("wrangler.toml binds no D1 database as DB");

// The same database `wrangler dev --persist-to <dir>` opens: its id, under <dir>/v3/d1.
const mf = new Miniflare({
  modules: true,
  script: D1_WORKER,
  d1Databases: { DB: database.database_id },
  d1Persist: path.join(persistTo, "v3", "d1"),
});
try {
  const d1 = d1OverFetch(mf);
  if (ifEmpty && !(await isDatabaseEmpty(d1))) {
    console.log("Database already has data; not seeding.");
  } else {
    await seedDatabase(d1);
    console.log(
      "Seeded categories, publishers, the game catalogue and demo accounts.",
    );
  }
} finally {
  await mf.dispose();
}
