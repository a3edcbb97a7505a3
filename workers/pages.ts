import type { ServerBuild, createRequestHandler } from "@remix-run/cloudflare";
import type { Handler } from "hono";
// @ts-expect-error: `remix vite:build` writes the server build as plain JavaScript, without types.
import * as serverBuild from "../build/server";
import type { AppEnv } from "./api/hono";
import { createLoadContext } from "./context";
import { withPageCache } from "./page-cache";

// The untyped import is `any` to the linter but an error type to tsc, hence the double cast.
const build = serverBuild as unknown as ServerBuild;
// app/entry.server.tsx hands over Remix's request handler, so the Worker bundles Remix's router once, with the pages.
const entry = build.entry.module as typeof build.entry.module & {
  createRequestHandler: typeof createRequestHandler;
};
const handleRemix = entry.createRequestHandler(build, import.meta.env?.MODE);

/** A page: Remix renders it, or the edge's page cache answers an anonymous view of a public one. */
export const renderPage: Handler<AppEnv> = (c) => {
  const nonce = c.get("secureHeadersNonce");
  return withPageCache(c.req.raw, c.executionCtx, nonce, () =>
    handleRemix(
      c.req.raw,
      createLoadContext(c.env, c.executionCtx, c.var.services, nonce),
    ),
  );
};
