import type { Plugin } from "vite";

/**
 * Two pieces of work Remix's server runtime (`@remix-run/server-runtime` 2.17) does on every document request that
 * give the same answer each time, rewritten in the server build only (issue #36, render cost):
 *
 * - **The request a loader gets.** Before calling each loader (and action), the runtime strips its own query
 *   parameters (`index`, `_data`, `_routes`) by building a new `Request` from the incoming one, twice per loader: a
 *   page with three loaders built six. A profile of `/` put those constructions at about a tenth of the render's
 *   JavaScript. A URL without a query string has nothing to strip, so the loader now gets the request itself. The
 *   only difference a loader could see is that the incoming request's headers cannot be changed (the app never
 *   changes a request's headers).
 * - **The route modules by id.** `createEntryRouteModules` copies every route's module (120-odd) into a new object
 *   for each render, from a manifest that never changes while the server runs. It is kept per manifest (a WeakMap, so
 *   a rebuilt manifest gets its own) and frozen: if the server ever wrote to it, the render would fail loudly instead
 *   of sharing the change with the next request.
 *
 * The rewrite fails the build when the runtime's code no longer reads as expected, so an upgrade cannot drop it
 * silently. The browser build is left alone.
 */

const DATA_FILE =
  /\/node_modules\/@remix-run\/server-runtime\/dist\/esm\/data\.js$/;
const ENTRY_FILE =
  /\/node_modules\/@remix-run\/server-runtime\/dist\/esm\/entry\.js$/;

const STRIPS = ["stripIndexParam", "stripDataParam", "stripRoutesParam"];
const stripHead = (name: string) => `function ${name}(request) {\n`;

const MODULES_HEAD = "function createEntryRouteModules(manifest) {";

function expectOnce(code: string, text: string, what: string) {
  if (code.split(text).length !== 2)
    throw new Error(
      `@remix-run/server-runtime changed: ${what} is not where scripts/server-runtime-memo.ts expects it`,
    );
}

/** The runtime's data module, each strip returning a request without a query string as it is. */
export function rewriteServerData(code: string): string {
  let rewritten = code;
  for (const name of STRIPS) {
    expectOnce(rewritten, stripHead(name), name);
    rewritten = rewritten.replace(
      stripHead(name),
      `${stripHead(name)}  if (!request.url.includes("?")) return request;\n`,
    );
  }
  return rewritten;
}

/** The runtime's entry module, the route modules by id kept per manifest. */
export function rewriteServerEntry(code: string): string {
  expectOnce(code, MODULES_HEAD, "createEntryRouteModules");
  return `${code.replace(
    MODULES_HEAD,
    "function createEntryRouteModulesAfresh(manifest) {",
  )}
const keptRouteModules = new WeakMap();
${MODULES_HEAD}
  let modules = keptRouteModules.get(manifest);
  if (!modules) {
    modules = Object.freeze(createEntryRouteModulesAfresh(manifest));
    keptRouteModules.set(manifest, modules);
  }
  return modules;
}
`;
}

/** The Vite plugin: rewrites both modules in the server build only, and fails that build when either was not met. */
export function serverRuntimeMemo(): Plugin {
  let serverBuild = false;
  const rewritten = new Set<string>();
  return {
    name: "playfeed-server-runtime-memo",
    enforce: "pre",
    configResolved(config) {
      serverBuild = config.command === "build" && Boolean(config.build.ssr);
    },
    transform(code, id, options) {
      if (!options?.ssr) return null;
      const file = id.split("?")[0];
      if (DATA_FILE.test(file)) {
        rewritten.add("data");
        return { code: rewriteServerData(code), map: null };
      }
      if (ENTRY_FILE.test(file)) {
        rewritten.add("entry");
        return { code: rewriteServerEntry(code), map: null };
      }
      return null;
    },
    buildEnd(error) {
      if (serverBuild && !error && rewritten.size !== 2)
        this.error(
          "scripts/server-runtime-memo.ts: the server build did not bundle @remix-run/server-runtime's esm data.js and entry.js",
        );
    },
  };
}
