// `npm run db:catalogue`: loads categories, publishers and the game catalogue (games/<slug>/meta.json), and nothing
// else, into the local D1 database or, with --remote, the production one. Safe to run again: it brings rows up to date.
//   tsx scripts/catalogue.ts [--remote] [--persist-to <dir>]
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { catalogueSql } from "../workers/seed/catalogue-sql";
import { bin, quietEnv, root } from "./lib.mjs";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const persistIndex = args.indexOf("--persist-to");
const target = remote
  ? ["--remote"]
  : [
      "--local",
      ...(persistIndex >= 0 ? ["--persist-to", args[persistIndex + 1]] : []),
    ];

const file = path.join(root, ".wrangler/tmp/catalogue.sql");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, catalogueSql().join(";\n") + ";\n");

// --yes: a remote file import otherwise stops at a confirmation prompt, which `npm run deploy` cannot answer. Remotely
// wrangler talks to the user directly (log-in, progress); locally its output is kept to trim it.
const wrangler = spawnSync(
  bin("wrangler"),
  ["d1", "execute", "DB", ...target, "--file", file, "--yes"],
  {
    cwd: root,
    env: quietEnv,
    encoding: "utf8",
    stdio: ["inherit", remote ? "inherit" : "pipe", "inherit"],
  },
);
// Locally wrangler ends with the (empty) result of every statement as JSON: shown only when something went wrong.
const output = wrangler.stdout ?? "";
const results = output.search(/^\[$/m);
process.stdout.write(
  wrangler.status === 0 && results >= 0 ? output.slice(0, results) : output,
);
if (wrangler.status !== 0) {
  console.error(
    `\n✗ Loading the catalogue failed. Are the migrations applied? (${remote ? "npx wrangler d1 migrations apply DB --remote" : "npm run db:migrate"})`,
  );
  process.exit(wrangler.status ?? 1);
}
console.log(
  `Loaded the catalogue into the ${remote ? "remote" : "local"} database.`,
);
