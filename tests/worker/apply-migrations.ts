import { applyD1Migrations, env } from "cloudflare:test";
import { afterEach, vi } from "vitest";
import { restoreClock } from "./helpers";

// The same SQL files `wrangler d1 migrations apply` uses; re-applying is a no-op.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A test that moved the clock on to a fresh rate-limit window (helpers.ts, roomInWindow) gives it back.
afterEach(() => {
  vi.useRealTimers();
  restoreClock();
});
