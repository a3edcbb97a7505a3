import { applyD1Migrations, env } from "cloudflare:test";

// The same SQL files `wrangler d1 migrations apply` uses; re-applying is a no-op.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
