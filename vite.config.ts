import {
  vitePlugin as remix,
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
} from "@remix-run/dev";
import { mkdirSync, readdirSync, renameSync } from "node:fs";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { reactServerChunks } from "./scripts/react-server-chunks";
import { routerMemo } from "./scripts/router-memo";
import { serverRuntimeMemo } from "./scripts/server-runtime-memo";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const workerPorts = { api: "http://127.0.0.1:8787" };

// `PLAYFEED_SOURCEMAPS=1 npm run build` maps the client build for `npm run bench:js` to say what each chunk holds.
// The maps leave build/client as soon as they are written, so no user is ever sent one.
const clientSourceMaps = process.env.PLAYFEED_SOURCEMAPS === "1";

const appDir = new URL("./app/", import.meta.url).pathname;
const contractDir = new URL("./contract/", import.meta.url).pathname;
const ours = (id: string) =>
  id.startsWith(appDir) || id.startsWith(contractDir);
const isZod = (id: string) =>
  id.includes("/node_modules/zod/") || id === `${contractDir}input.ts`;

/**
 * Our modules that the root route and the browser's entry import statically load on every page anyway, so they ship as
 * one "shell" chunk: forty small files compress worse than one and each costs a request on a slow phone (issue #36).
 *
 * Rollup puts a manual chunk's unassigned imports into it, so a contract module with schemas that the shell reaches
 * (for a constant it re-exports from its zod-free part) gets a chunk of its own, and zod one too; otherwise the
 * shell would carry every schema and zod to every page.
 */
function shellChunk(): Rollup.ManualChunksOption {
  let chunks: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (isZod(id)) return "zod";
    if (!chunks) {
      chunks = new Map();
      const usesZod = (moduleId: string) =>
        (getModuleInfo(moduleId)?.importedIds ?? []).some(isZod);
      const pending = [...getModuleIds()].filter(
        (moduleId) =>
          moduleId === `${appDir}root.tsx` ||
          moduleId === `${appDir}entry.client.tsx`,
      );
      while (pending.length) {
        const next = pending.pop()!;
        if (chunks.has(next)) continue;
        chunks.set(
          next,
          usesZod(next)
            ? `schemas-${next
                .split("/")
                .pop()!
                .replace(/\.tsx?$/, "")}`
            : "shell",
        );
        pending.push(
          ...(getModuleInfo(next)?.importedIds ?? []).filter(
            (imported) => ours(imported) && !isZod(imported),
          ),
        );
      }
    }
    return chunks.get(id);
  };
}

function sourceMapsOutsideClient(): Plugin {
  return {
    name: "playfeed-source-maps-outside-client",
    apply: "build",
    writeBundle(options) {
      if (this.environment.config.build.ssr || !options.dir) return;
      const assets = `${options.dir}/assets`;
      const target = new URL("./build/sourcemaps", import.meta.url).pathname;
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(assets).filter((name) =>
        name.endsWith(".map"),
      ))
        renameSync(`${assets}/${file}`, `${target}/${file}`);
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // The server keeps Remix's route matching per route tree and path (issue #36).
    routerMemo(),
    // Nor does it copy a request for each loader, or the route modules for each render (issue #36).
    serverRuntimeMemo(),
    // The server's renderer encodes a flush at once instead of each attribute and text on its own (issue #36).
    reactServerChunks(),
    // The dev proxy only makes sense while serving; in a build it would start miniflare for nothing.
    ...(command === "serve"
      ? [
          remixCloudflareDevProxy({
            getLoadContext: async ({ context }) => {
              const { createLoadContext } = await import("./workers/context");
              return createLoadContext(
                context.cloudflare.env as Env,
                context.cloudflare.ctx,
              );
            },
          }),
        ]
      : []),
    ...(clientSourceMaps ? [sourceMapsOutsideClient()] : []),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  server: {
    // `npm run dev`: Durable Objects only run under wrangler dev, so the socket and API go there.
    proxy: {
      "/api": workerPorts.api,
      "/media": workerPorts.api,
      "/ws": { target: workerPorts.api.replace("http", "ws"), ws: true },
    },
  },
  ...(command === "build" && isSsrBuild
    ? {
        ssr: {
          target: "webworker" as const,
          noExternal: true,
          resolve: {
            conditions: ["workerd", "worker", "browser"],
            externalConditions: ["workerd", "worker"],
          },
        },
      }
    : {}),
  ...(command === "build" && !isSsrBuild
    ? {
        build: {
          sourcemap: clientSourceMaps ? ("hidden" as const) : false,
          rollupOptions: { output: { manualChunks: shellChunk() } },
        },
      }
    : {}),
}));
