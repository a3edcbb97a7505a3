// Seeds the local D1 database that `wrangler dev` uses.
//   tsx scripts/seed.ts [--if-empty] [--persist-to <dir>]
import { getPlatformProxy } from "wrangler";
import { isDatabaseEmpty, seedDatabase } from "../workers/db/seed";

const args = process.argv.slice(2);
const ifEmpty = args.includes("--if-empty");
const persistIndex = args.indexOf("--persist-to");
const persistTo = persistIndex >= 0 ? args[persistIndex + 1] : ".wrangler/state";

const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
try {
  if (ifEmpty && !(await isDatabaseEmpty(proxy.env.DB))) {
    console.log("Database already has data; not seeding.");
  } else {
    await seedDatabase(proxy.env.DB);
    console.log("Seeded categories, publishers, placeholder games and demo accounts.");
  }
} finally {
  await proxy.dispose();
}
