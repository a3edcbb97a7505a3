// `npm run moderator -- someone@example.com`: makes an existing account a moderator, who reviews the games developers
// submit (issue #33, ADR 041) and acts on reports. `npm run admin -- someone@example.com` (`--role admin`) grants the
// first admin, who then grants and takes roles in the app at /admin (issue #34). Locally by default; `--remote` for the
// production database. The account must exist (sign up first); the script says whether it found one.
//   node scripts/grant-moderator.mjs <email> [--role moderator|admin] [--remote] [--persist-to <dir>]
import { spawnSync } from "node:child_process";
import { bin, quietEnv, root } from "./lib.mjs";

const ROLES = {
  moderator: {
    command: "moderator",
    is: "a moderator",
    where: "They find the review queue at /moderation.",
  },
  admin: {
    command: "admin",
    is: "an admin",
    where: "They grant and take roles at /admin.",
  },
};

/** An address as the sign-up form takes it, checked without a pattern: one @, a dotted domain, no spaces or quotes. */
function addressOf(raw) {
  const address = (raw ?? "").trim().toLowerCase();
  if (address.length < 3 || address.length > 254) return null;
  if (/[\s'"\\;]/.test(address)) return null;
  const parts = address.split("@");
  if (parts.length !== 2) return null;
  const [local, domain] = parts;
  const labels = domain.split(".");
  if (!local || labels.length < 2 || labels.some((label) => !label))
    return null;
  return address;
}

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const persistIndex = args.indexOf("--persist-to");
const persistTo = persistIndex >= 0 ? args[persistIndex + 1] : null;
const roleIndex = args.indexOf("--role");
const roleName = roleIndex >= 0 ? args[roleIndex + 1] : "moderator";
const role = Object.hasOwn(ROLES, roleName) ? ROLES[roleName] : null;
const USAGE = `Usage: npm run ${role?.command ?? "moderator"} -- someone@example.com [--remote] [--persist-to <dir>]`;
if (!role) {
  console.error(`✗ "${roleName}" is not a role: moderator or admin.\n${USAGE}`);
  process.exit(2);
}
const given = args.filter(
  (arg, index) =>
    !arg.startsWith("--") &&
    !(persistIndex >= 0 && index === persistIndex + 1) &&
    !(roleIndex >= 0 && index === roleIndex + 1),
);
const address = given.length === 1 ? addressOf(given[0]) : null;
if (!address) {
  console.error(
    given.length === 1
      ? `✗ "${given[0]}" is not an e-mail address.\n${USAGE}`
      : USAGE,
  );
  process.exit(2);
}

const target = remote
  ? ["--remote"]
  : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
// wrangler d1 execute takes no bound parameters; the address has no quote (checked above), so it is a safe literal, and
// the role is one of ROLES' keys.
// The audit log names no one for a grant from the command line: whoever holds the database's credentials.
const sql = [
  `INSERT INTO moderation_log (moderator_id, action, target_type, target_id, reason, detail) SELECT NULL, 'grant_role', 'user', id, 'Granted with npm run ${role.command}', json_object('role', '${roleName}', 'from', role) FROM users WHERE lower(email) = '${address}' AND role <> '${roleName}'`,
  `UPDATE users SET role = '${roleName}' WHERE lower(email) = '${address}' RETURNING id, name`,
].join("; ");
const wrangler = spawnSync(
  bin("wrangler"),
  ["d1", "execute", "DB", ...target, "--command", sql, "--json"],
  { cwd: root, env: quietEnv, encoding: "utf8" },
);
if (wrangler.status !== 0) {
  process.stderr.write(wrangler.stdout ?? "");
  process.stderr.write(wrangler.stderr ?? "");
  console.error(
    `\n✗ The database could not be changed. Are the migrations applied? (${remote ? "npx wrangler d1 migrations apply DB --remote" : "npm run db:migrate"})`,
  );
  process.exit(1);
}

let rows = [];
try {
  rows = JSON.parse(wrangler.stdout).at(-1)?.results ?? [];
} catch {
  console.error(
    `✗ wrangler answered something unexpected:\n${wrangler.stdout}`,
  );
  process.exit(1);
}
const where = remote ? "the production database" : "the local database";
if (rows.length === 0) {
  console.error(
    `✗ No account with the address ${address} in ${where}. Sign up with it first, then run this again.`,
  );
  process.exit(1);
}
console.log(
  `✓ ${rows[0].name} (${address}) is ${role.is} in ${where}. ${role.where}`,
);
