import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import type { Game } from "#contract/types";
import { bin, quietEnv, root } from "../../scripts/lib.mjs";
import {
  EMPTY_ROUND_LOG,
  api,
  baseURL,
  newAccount,
  type Account,
  unique,
} from "./browser";

const walletOf = async (account: Account) =>
  (await api<{ wallet: number }>(account, "/api/user/me")).wallet;

// Not the Sync variants: a blocked event loop misses the server closing an idle kept-alive connection, and the next
// request on it fails.
const run = promisify(execFile);

/** `npm run cron` against the browser tests' server: what a developer runs beside `npm start`. */
async function runCron() {
  const { stdout } = await run(
    "node",
    ["scripts/cron.mjs", "--port", new URL(baseURL()).port],
    { cwd: root, env: quietEnv },
  );
  return stdout;
}

describe("npm run cron", () => {
  it("runs the scheduled handler on the local server: a challenge nobody accepted in time gives its escrow back", async () => {
    const games = await (
      await fetch(`${baseURL()}/api/game/published`)
    ).json<Game[]>();
    const tower = games.find((game) => game.slug === "tower-stack")!;
    const [from, to] = [
      await newAccount(`Cron Cai ${unique()}`),
      await newAccount(`Cron Cy ${unique()}`),
    ];
    await api(from, "/api/social/follow", {
      from: from.user._id,
      to: to.user._id,
    });
    await api(from, "/api/wallet", { coins: 50 });
    const stats = await api<{ _id: number }>(from, "/api/gamestats", {
      game_id: tower._id,
      game_type: 0,
    });
    await api(from, "/api/scores", {
      score: 0,
      player_id: from.user._id,
      game_id: tower._id,
      stats_id: stats._id,
      log: EMPTY_ROUND_LOG,
    });
    const challenge = await api<{ _id: number }>(from, "/api/challenge", {
      game: tower._id,
      from: from.user._id,
      to: to.user._id,
      bet_amount: 50,
      message: "Beat it",
      score: 0,
    });
    expect(await walletOf(from)).toBe(0);

    // Seven days pass for this one challenge.
    await run(
      bin("wrangler"),
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        inject("persistTo"),
        "--command",
        `update challenges set expires_at = ${Date.now() - 1000} where id = ${challenge._id}`,
      ],
      { cwd: root, env: quietEnv },
    );
    // Reading moves no money: the escrow comes back only when the scheduled job runs.
    expect(await walletOf(from)).toBe(0);

    expect(await runCron()).toContain("Ran the scheduled handler");
    expect(await walletOf(from)).toBe(50);
    expect(
      (await api<{ status: string }>(from, `/api/challenge/${challenge._id}`))
        .status,
    ).toBe("expired");
  });
});
