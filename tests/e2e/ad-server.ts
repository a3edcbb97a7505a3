import { rmSync } from "node:fs";
import type { Game } from "#contract/types";
import {
  migrateLocal,
  seedIfEmpty,
  startTestServer,
} from "../../scripts/lib.mjs";
import { addExternalGames, freePort } from "./global-setup";

/** The ad network's client id the server is given, which pages then name in their ad calls. */
export const AD_CLIENT = "ca-pub-1234567890";
/** Google's ad script, which the tests answer with a recorder (tests/e2e/fixtures/ad-recorder.ts). */
export const AD_SCRIPT =
  "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";

/**
 * A server of a test file's own with an ad network (AD_CLIENT_ID set; the other browser tests expect house ads and no
 * ad host in the page policy), on fresh demo data with the given external games. `games` is what it publishes.
 */
export async function startAdServer(
  name: string,
  externalGames: Array<{ slug: string; name: string; link: string }>,
) {
  const persistTo = `.wrangler/e2e-${name}-${process.pid}`;
  rmSync(persistTo, { recursive: true, force: true });
  migrateLocal(persistTo);
  seedIfEmpty(persistTo);
  addExternalGames(persistTo, externalGames);
  const server = await startTestServer({
    port: await freePort(),
    persistTo,
    stdio: ["ignore", "ignore", "inherit"],
    vars: { AD_CLIENT_ID: AD_CLIENT },
  });
  const games = await (
    await fetch(`${server.url}/api/game/published`)
  ).json<Game[]>();
  return {
    url: server.url,
    games,
    stop() {
      server.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
