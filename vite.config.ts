import {
  vitePlugin as remix,
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
} from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const workerPorts = { api: "http://127.0.0.1:8787" };

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
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
}));
