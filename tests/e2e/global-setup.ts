import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { TestProject } from "vitest/node";
import {
  bin,
  migrateLocal,
  quietEnv,
  root,
  seedIfEmpty,
  startGamesOrigin,
  startTestServer,
} from "../../scripts/lib.mjs";
import { execFileSync } from "node:child_process";
import { PORTAL_GAMES } from "./fixtures/portal-games/index";
import { startFixtureServer } from "./fixtures/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** Another origin: external games and a hostile page (tests/e2e/fixtures/server.ts). */
    fixtureURL: string;
    /** The same server as localhost: cross-site from the platform, where the portal games of issue #30 are served. */
    portalURL: string;
    /** The server's --persist-to folder, where a test may age a row with `wrangler d1 execute` (tests/e2e/cron.test.ts). */
    persistTo: string;
    /** The games origin (ADR 039), cross-site from baseURL: developers' uploaded games are served only there. */
    gamesURL: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
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
  const baseURL = `http://127.0.0.1:${port}`;
  const fixtures = await startFixtureServer(baseURL);
  addExternalGame(
    persistTo,
    "external-test",
    "External Test Game",
    `${fixtures.url}/external-game.html`,
  );
  addExternalGame(
    persistTo,
    "never-ready-test",
    "Never Ready Test Game",
    `${fixtures.url}/never-ready.html`,
  );
  // Games written for other portals, played through our SDK's aliases (tests/e2e/portal-games.test.ts).
  addExternalGame(
    persistTo,
    "poki-test",
    "Poki Test Game",
    `${fixtures.url}/poki-game.html`,
  );
  addExternalGame(
    persistTo,
    "crazygames-test",
    "CrazyGames Test Game",
    `${fixtures.url}/crazygames-game.html`,
  );
  // Issue #30's portal games (tests/e2e/fixtures/portal-games/), from a host cross-site from the platform.
  const portalURL = fixtures.url.replace("127.0.0.1", "localhost");
  addExternalGames(
    persistTo,
    Object.entries(PORTAL_GAMES).map(([slug, game]) => ({
      slug,
      name: game.name,
      link: `${portalURL}/portal/${slug}.html`,
    })),
  );

  // A second port forwarding to the same Worker, as `npm start` does; localhost is another site than 127.0.0.1.
  const gamesPort = await freePort();
  const gamesURL = `http://localhost:${gamesPort}`;
  const gamesOrigin = await startGamesOrigin({
    port: gamesPort,
    target: baseURL,
  });
  const server = await startTestServer({
    port,
    persistTo,
    stdio: ["ignore", "pipe", "inherit"],
    vars: { GAMES_ORIGIN: gamesURL, APP_ORIGIN: baseURL },
  });
  reportServerTrouble(server.child.stdout!);
  project.provide("baseURL", baseURL);
  project.provide("fixtureURL", fixtures.url);
  project.provide("portalURL", portalURL);
  project.provide("persistTo", persistTo);
  project.provide("gamesURL", gamesURL);

  return () => {
    server.stop();
    fixtures.server.close();
    gamesOrigin.close();
    rmSync(persistTo, { recursive: true, force: true });
  };
}

/**
 * The server's log is one line a request and stays out of the test output, but a reload of the Worker, an error line
 * and an answer of 500 or more are told, with the time, to line a failure up with the server.
 */
function reportServerTrouble(log: Readable) {
  createInterface({ input: log }).on("line", (line) => {
    const head = line.slice(0, 300);
    // A request answered below 500 is the app at work, whatever its path says.
    if (/^\[wrangler:info\] [A-Z]+ \S+ [1-4]\d\d /.test(head)) return;
    if (/reload|restart|error|✘/i.test(head))
      process.stderr.write(
        `[e2e server ${new Date().toISOString()}] ${line}\n`,
      );
  });
}

/** A game of type 2, played from another origin (SPEC.md §3 external_link). */
export function addExternalGame(
  persistTo: string,
  slug: string,
  name: string,
  link: string,
) {
  addExternalGames(persistTo, [{ slug, name, link }]);
}

/** Several games of type 2 in one call to wrangler, which takes seconds to start. */
export function addExternalGames(
  persistTo: string,
  games: Array<{ slug: string; name: string; link: string }>,
) {
  const sql = games
    .map(
      ({
        slug,
        name,
        link,
      }) => `insert into games (slug, name, category_id, publisher_id, description, how_to_play, icon, game_modes, type, external_link)
    select '${slug}', '${name}', (select id from categories where name = 'Casual'),
      (select id from publishers where name = 'Tiny Orbit'), '<p>Played from another site.</p>', '<p>Tap.</p>', '/favicon.svg', 1, 2, '${link}'`,
    )
    .join(";\n");
  execFileSync(
    bin("wrangler"),
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persistTo,
      "--command",
      sql,
    ],
    {
      cwd: root,
      env: quietEnv,
      stdio: "ignore",
    },
  );
}
