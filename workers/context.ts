import { createDb } from "./db/client";
import { createGameService } from "./services/games";
import { createSessionService } from "./services/sessions";

export function createServices(env: Env) {
  const db = createDb(env.DB);
  return {
    games: createGameService(db),
    sessions: createSessionService(db),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The part of the execution context loaders may use; Hono's and Vite's dev proxy's types both fit it. */
export type WaitUntilContext = Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;

export function createLoadContext(env: Env, ctx: WaitUntilContext) {
  return { cloudflare: { env, ctx }, services: createServices(env), mediaBase: env.MEDIA_BASE_URL };
}

declare module "@remix-run/cloudflare" {
  // Loaders and actions reach the database only through these services (ARCHITECTURE.md).
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: WaitUntilContext };
    services: Services;
    mediaBase: string;
  }
}
