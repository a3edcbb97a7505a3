import path from "node:path";
import {
  cloudflareTest,
  readD1Migrations,
} from "@cloudflare/vitest-pool-workers";
import { exportJWK, generateKeyPair } from "jose";
import { defineConfig } from "vitest/config";
import { vapidKeyPair } from "./scripts/vapid-keys.mjs";

/** A local stand-in for Google's signing keys: the Worker trusts the public half, tests sign with the private one. */
async function testGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair("RS256", {
    extractable: true,
  });
  const publicJwk = {
    ...(await exportJWK(publicKey)),
    kid: "test-google-key",
    alg: "RS256",
    use: "sig",
  };
  const privateJwk = {
    ...(await exportJWK(privateKey)),
    kid: "test-google-key",
    alg: "RS256",
  };
  return {
    GOOGLE_JWKS: JSON.stringify({ keys: [publicJwk] }),
    TEST_GOOGLE_PRIVATE_JWK: JSON.stringify(privateJwk),
  };
}

// API, services and Durable Objects tested inside workerd with real D1, R2 and DO bindings.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(
    path.join(import.meta.dirname, "migrations"),
  );
  return {
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
            ...(await testGoogleKeys()),
            // Web Push (ADR 029): a pair made for this run, never one from the repository.
            ...(({ publicKey, privateKey }) => ({
              VAPID_PUBLIC_KEY: publicKey,
              VAPID_PRIVATE_KEY: privateKey,
              VAPID_SUBJECT: "mailto:push-test@playfeed.test",
            }))(vapidKeyPair()),
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      // Vitest's default leaves a core idle (one file at a time on a 2-core machine); each file has its own
      // storage, so two run side by side: the layer takes 2.3 minutes here instead of 3.9.
      maxWorkers: "100%",
      // A test here takes well under a second on a quiet machine; a loaded CI machine is several times slower.
      testTimeout: 15_000,
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      deps: {
        optimizer: {
          ssr: { enabled: true, include: ["@remix-run/cloudflare"] },
        },
      },
    },
  };
});
