// `npm run cron`: runs the Worker's scheduled handler (the hourly cron of wrangler.toml: challenge expiry and refunds,
// tournament payouts, sweeps) once, against the local server `npm start` or `npm run dev` is serving.
//   npm run cron [-- --port 8787]
// Wrangler's `/cdn-cgi/handler/scheduled` never reaches a Worker with static assets (its request goes to the assets
// router, which has no scheduled handler, and answers 500); `wrangler dev --test-scheduled`, which startWranglerDev
// always passes, serves `/__scheduled?cron=…` and calls our `scheduled()` itself.
import { readFileSync } from "node:fs";
import { root } from "./lib.mjs";

const portFlag = process.argv.indexOf("--port");
const port = Number(
  portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? 8787),
);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error("Give a port from 1 to 65535: npm run cron -- --port 8787");
  process.exit(2);
}

// The cron expression of wrangler.toml's [triggers], which scheduled() is handed as it would be in production.
const cron =
  /^crons\s*=\s*\["([^"]+)"/m.exec(
    readFileSync(`${root}wrangler.toml`, "utf8"),
  )?.[1] ?? "* * * * *";
const url = `http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`;

let response;
try {
  response = await fetch(url);
} catch {
  console.error(
    `Nothing answers on port ${port}: start the local server first (npm start), then run npm run cron.`,
  );
  process.exit(1);
}
const text = await response.text();
if (!response.ok || !/^Ran scheduled event/.test(text)) {
  console.error(
    `The scheduled handler did not run (${response.status}): ${text.slice(0, 300)}\n` +
      "Is the server on that port started by npm start or npm run dev (which pass --test-scheduled)?",
  );
  process.exit(1);
}
console.log(
  `Ran the scheduled handler ("${cron}") on http://127.0.0.1:${port}`,
);
