import { rmSync } from "node:fs";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain ES module shared with the start scripts.
import { migrateLocal, seedIfEmpty, startWranglerDev, stopProcessTree, waitForHealthy } from "../../scripts/lib.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A fresh database seeded with the demo data, served by `wrangler dev` on a free port, stopped by PID. */
export default async function setup(project: TestProject) {
  const persistTo = `.wrangler/e2e-${process.pid}`;
  rmSync(persistTo, { recursive: true, force: true });
  migrateLocal(persistTo);
  seedIfEmpty(persistTo);

  const port = await freePort();
  const server = startWranglerDev({ port, persistTo, stdio: ["ignore", "ignore", "inherit"] });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealthy(baseURL);
  project.provide("baseURL", baseURL);

  return () => {
    stopProcessTree(server);
    rmSync(persistTo, { recursive: true, force: true });
  };
}
