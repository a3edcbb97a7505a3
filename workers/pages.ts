import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import type { Handler } from "hono";
// @ts-expect-error: `remix vite:build` writes the server build as plain JavaScript, without types.
import * as serverBuild from "../build/server";
import type { AppEnv } from "./api/hono";
import { createLoadContext } from "./context";
import { withPageCache } from "./page-cache";

const handleRemix = createRequestHandler(
  // The untyped import is `any` to the linter but an error type to tsc, hence the double cast.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  serverBuild as unknown as ServerBuild,
  import.meta.env?.MODE,
);

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
