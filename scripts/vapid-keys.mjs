// VAPID keys for Web Push (ADR 029). `node scripts/vapid-keys.mjs` prints a new pair to set in production with
// `wrangler secret put`; local development and the browser tests get one written to .dev.vars (git-ignored) instead.
import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A new P-256 pair: the public key as browsers take it (an uncompressed point, base64url) and the private `d`. */
export function vapidKeyPair() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.of(4),
    Buffer.from(jwk.x, "base64url"),
    Buffer.from(jwk.y, "base64url"),
  ]);
  return { publicKey: point.toString("base64url"), privateKey: jwk.d };
}

/** Adds a VAPID pair to `.dev.vars` in `root` unless it has one; the other lines are kept. */
export function ensureDevVapidKeys(root) {
  const file = path.join(root, ".dev.vars");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^VAPID_PRIVATE_KEY=/m.test(text)) return;
  const { publicKey, privateKey } = vapidKeyPair();
  const lines = [
    '# Web Push keys for local development, made by scripts/vapid-keys.mjs (docs/features.md "Push notifications").',
    `VAPID_PUBLIC_KEY=${publicKey}`,
    `VAPID_PRIVATE_KEY=${privateKey}`,
    "VAPID_SUBJECT=mailto:dev@playfeed.local",
  ];
  writeFileSync(
    file,
    `${text}${text && !text.endsWith("\n") ? "\n" : ""}${lines.join("\n")}\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { publicKey, privateKey } = vapidKeyPair();
  console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}`);
}
