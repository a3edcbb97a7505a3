import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm run moderator` against a database of its own: the real migrations in a temporary persist folder, one account.
const root = path.resolve(import.meta.dirname, "..");
const persistTo = mkdtempSync(path.join(tmpdir(), "pf-moderator-"));
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
};

function wrangler(...args: string[]) {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/wrangler"),
    ["d1", ...args, "DB", "--local", "--persist-to", persistTo],
    { cwd: root, env, encoding: "utf8" },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const grant = (...args: string[]) =>
  spawnSync(
    "node",
    ["scripts/grant-moderator.mjs", ...args, "--persist-to", persistTo],
    { cwd: root, env, encoding: "utf8" },
  );

function roleOf(email: string): string {
  const out = wrangler(
    "execute",
    "--command",
    `SELECT role FROM users WHERE email = '${email}'`,
    "--json",
  );
  return (JSON.parse(out) as { results: { role: string }[] }[])[0].results[0]
    .role;
}

beforeAll(() => {
  wrangler("migrations", "apply");
  wrangler(
    "execute",
    "--command",
    "INSERT INTO users (name, first_name, email, password_hash) VALUES ('Mo Derator', 'Mo', 'Mo@Example.com', 'x'), ('Pat Player', 'Pat', 'pat@example.com', 'x')",
  );
}, 120_000);

afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

describe("npm run moderator", () => {
  it("makes the account of that address a moderator, whatever its letters' case, and no one else", () => {
    const result = grant("mo@example.com");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      "Mo Derator (mo@example.com) is a moderator in the local database",
    );
    expect(roleOf("Mo@Example.com")).toBe("moderator");
    expect(roleOf("pat@example.com")).toBe("player");
  }, 60_000);

  it("says clearly when no account has the address", () => {
    const result = grant("nobody@example.com");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "No account with the address nobody@example.com in the local database",
    );
  }, 60_000);

  it("refuses what is not an address before it touches the database", () => {
    for (const bad of ["pat' OR 1=1 --", "no-at-sign", "a@b", ""]) {
      const result = grant(bad);
      expect(result.status, bad).toBe(2);
      expect(result.stderr).toContain("Usage: npm run moderator");
    }
    expect(roleOf("pat@example.com")).toBe("player");
  }, 60_000);
});

const grantAdmin = (...args: string[]) => grant("--role", "admin", ...args);

describe("npm run admin", () => {
  it("makes the account an admin and writes the grant to the audit log", () => {
    const result = grantAdmin("pat@example.com");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      "Pat Player (pat@example.com) is an admin in the local database. They grant and take roles at /admin.",
    );
    expect(roleOf("pat@example.com")).toBe("admin");
    const out = wrangler(
      "execute",
      "--command",
      "SELECT action, target_type, detail, moderator_id FROM moderation_log WHERE json_extract(detail, '$.role') = 'admin'",
      "--json",
    );
    const entries = (
      JSON.parse(out) as { results: Record<string, unknown>[] }[]
    )[0].results;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "grant_role",
      target_type: "user",
      moderator_id: null,
    });
    expect(JSON.parse(String(entries[0].detail))).toEqual({
      role: "admin",
      from: "player",
    });
  }, 60_000);

  it("refuses a role that is not one before it touches the database", () => {
    const result = grant("--role", "owner", "mo@example.com");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"owner" is not a role');
    expect(roleOf("Mo@Example.com")).toBe("moderator");
  }, 60_000);
});
