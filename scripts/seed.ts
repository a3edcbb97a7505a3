// Seeds the local D1 database that `wrangler dev` uses.
//   tsx scripts/seed.ts [--if-empty] [--persist-to <dir>]
// The database is reached through a small Worker beside it (d1-over-fetch.ts), not wrangler's getPlatformProxy: the
// proxy answers each `prepare` with a synchronous call that now and then reads another call's answer and fails.
import path from "node:path";
import { isDatabaseEmpty, seedDatabase } from "../workers/seed/seed";
import { persistedD1 } from "./d1-over-fetch";

const args = process.argv.slice(2);
const ifEmpty = args.includes("--if-empty");
const persistIndex = args.indexOf("--persist-to");
const persistTo = path.resolve(
  persistIndex >= 0 ? args[persistIndex + 1] : ".wrangler/state",
);

// The same database `wrangler dev --persist-to <dir>` opens.
const { d1, dispose } = persistedD1(persistTo);
try {
  if (ifEmpty && !(await isDatabaseEmpty(d1))) {
    console.log("Database already has data; not seeding.");
  } else {
    await seedDatabase(d1);
    console.log(
      "Seeded categories, publishers, the game catalogue and demo accounts.",
    );
  }
} finally {
  await dispose();
}
