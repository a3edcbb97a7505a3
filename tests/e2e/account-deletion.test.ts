import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import axe from "axe-core";
import type { Browser, Page } from "playwright-core";
import type { Game } from "#contract/types";
import { bin, quietEnv, root } from "../../scripts/lib.mjs";
import {
  EMPTY_ROUND_LOG,
  PHONE,
  api,
  baseURL,
  befriend,
  launchBrowser,
  newAccount,
  ownAddress,
  pageFor,
  sessionTied,
  unique,
  type Account,
} from "./browser";

/**
 * Issue #34, leave and take your data, in a real browser: the player downloads their data, then deletes their account
 * with a challenge open to a friend; the browser is signed out, the stake is back, every balance still equals its
 * ledger, and the same address signs up again.
 */

const run = promisify(execFile);

/** One read of the browser tests' database, as `wrangler d1 execute` answers it. */
async function query<T>(sql: string): Promise<T[]> {
  const { stdout } = await run(
    bin("wrangler"),
    [
      ...["d1", "execute", "DB", "--local", "--json"],
      ...["--persist-to", inject("persistTo"), "--command", sql],
    ],
    { cwd: root, env: quietEnv },
  );
  const answers = JSON.parse(stdout) as Array<{ results: T[] }>;
  return answers[answers.length - 1].results;
}

/** axe-core's serious and critical findings on the page as it is now. */
async function blockingFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window)))
    await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ["violations"],
    }),
  );
  return results.violations
    .filter((violation) =>
      ["serious", "critical"].includes(violation.impact ?? ""),
    )
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} at ${node.target.join(" ")}`,
      ),
    );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A challenge of 50 coins from `from` to `to` on Tower Stack, after the round it needs. */
async function openChallenge(from: Account, to: Account) {
  const games = await (
    await fetch(`${baseURL()}/api/game/published`)
  ).json<Game[]>();
  const tower = games.find((game) => game.slug === "tower-stack")!;
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
  return api<{ _id: number }>(from, "/api/challenge", {
    game: tower._id,
    from: from.user._id,
    to: to.user._id,
    bet_amount: 50,
    message: "Before I go",
    score: 0,
  });
}

describe("leaving Playfeed", () => {
  it("downloads the player's data, deletes the account with a challenge open, signs the browser out and frees the address", async () => {
    const name = `Leaving Lou ${unique()}`;
    const [leaver, friend] = [
      await newAccount(name),
      await newAccount(`Staying Sue ${unique()}`),
    ];
    await befriend(leaver, friend);
    const challenge = await openChallenge(leaver, friend);
    expect((await api<{ wallet: number }>(leaver, "/api/user/me")).wallet).toBe(
      0,
    );

    const { context, page, errors } = await pageFor(browser, leaver, PHONE);
    const tied = sessionTied(page);
    await page.goto("/user-info");
    await page.getByRole("link", { name: "Your data and account" }).click();
    await page.waitForURL("**/settings/account");
    expect(await blockingFindings(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^playfeed-data-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const file = JSON.parse(await readFile(await download.path(), "utf8")) as {
      profile: { name: string };
      challenges: { sent: unknown[] };
    };
    expect(file.profile.name).toBe(name);
    expect(file.challenges.sent).toHaveLength(1);

    // A wrong password is refused in place and nothing happens.
    await page.getByLabel("Your password").fill("Wrong@123");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect
      .poll(() => page.getByText("That password is not right").count())
      .toBe(1);
    expect(await blockingFindings(page)).toEqual([]);

    // Ended while its session update is on the wire, the page would log that update's refusal too.
    expect((await tied).status()).toBe(200);
    await page.getByLabel("Your password").fill("Secret@123");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL("**/goodbye");
    await expect
      .poll(() =>
        page.getByRole("heading", { name: "Your account was deleted" }).count(),
      )
      .toBe(1);
    // Signed out: the header offers to log in, and the profile asks for it.
    await page.goto("/user-info");
    await expect
      .poll(() =>
        page
          .getByRole("heading", { name: "Log in to see your profile" })
          .count(),
      )
      .toBe(1);
    // The refused password is the one error the page may log: its 403.
    expect(
      errors.filter((line) => !/status of 403 \(Forbidden\)/.test(line)),
    ).toEqual([]);
    expect(errors).toHaveLength(1);
    await context.close();

    // The stake came back through the ledger, and every balance still equals its ledger.
    expect(
      (await api<{ status: string }>(friend, `/api/challenge/${challenge._id}`))
        .status,
    ).toBe("expired");
    const [gone] = await query<{ name: string; wallet: number }>(
      `select name, wallet from users where id = ${leaver.user._id}`,
    );
    expect(gone).toEqual({ name: "Deleted player", wallet: 50 });
    const unbalanced = await query<{ id: number }>(
      "select u.id from users u where u.wallet <> coalesce((select sum(amount) from ledger l where l.user_id = u.id), 0)",
    );
    expect(unbalanced).toEqual([]);

    // The same address signs up as a brand-new account.
    const again = await fetch(`${baseURL()}/api/user`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...ownAddress() },
      body: JSON.stringify({
        name: "Lou Again",
        email: leaver.user.email,
        phone_number: "9876501234",
        Pwd_Hash: "Secret@123",
        gender: "female",
        address: "12 Harbour Road",
      }),
    });
    expect(again.status).toBe(201);
    const fresh = await again.json<Account>();
    expect(fresh.user._id).not.toBe(leaver.user._id);
    expect(fresh.user.wallet).toBe(0);
  });
});
