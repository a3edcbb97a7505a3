import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Private half of the local Google key set (see vitest.worker.config.ts). */
      TEST_GOOGLE_PRIVATE_JWK: string;
    }
  }
}
