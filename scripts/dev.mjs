// `npm run dev`: the hot-reload loop. Durable Objects only run under wrangler dev, so it serves the
// Worker (API, socket, media) on 8787 and `remix vite:dev` on 5173 proxies /api, /ws and /media to it.
import { spawn } from "node:child_process";
import {
  bin,
  build,
  migrateLocal,
  quietEnv,
  root,
  seedIfEmpty,
  startWranglerDev,
  stopProcessTree,
} from "./lib.mjs";

build(); // wrangler dev bundles workers/app.ts, which imports the server build
migrateLocal();
seedIfEmpty();

const worker = startWranglerDev({ port: 8787 });
const vite = spawn(bin("remix"), ["vite:dev", "--port", "5173"], {
  cwd: root,
  stdio: "inherit",
  env: quietEnv,
  detached: true,
});
console.log(
  "\nHot reload on http://localhost:5173 (Worker on http://localhost:8787)",
);

const stop = () => {
  stopProcessTree(vite);
  stopProcessTree(worker);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
worker.on("exit", stop);
vite.on("exit", stop);
