import type { Plugin } from "vite";

/**
 * Remix's router (`@remix-run/router`) matches a URL against the route tree from scratch every time: it flattens and
 * ranks all 120-odd routes, then compiles a regular expression for each route it tries. A page render matches three
 * or four times (the request handler, the data query, the page's routes and the lazy-discovery manifest), which was
 * about a tenth of a render's Worker CPU (issue #36). The results depend only on the route tree and the route's path,
 * so the server build keeps them:
 *
 * - a route path's compiled expression, by path, case sensitivity and end (at most `COMPILED_KEPT`, then forgotten);
 * - a route tree's ranked branches, by the tree's array (a WeakMap: a tree made for one request goes with it).
 *
 * Only the server build: in the browser, lazy route discovery adds routes to a tree in place, which would leave a
 * kept ranking stale. The rewrite fails the build if the router's code no longer reads as expected, so an upgrade
 * cannot drop it silently.
 */

const ROUTER_FILE = /\/node_modules\/@remix-run\/router\/dist\/router\.js$/;

const COMPILED_KEPT = 2_000;

const RANKING = `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
`;

const COMPILE = "function compilePath(path, caseSensitive, end) {";

const HELPERS = `
const keptBranches = new WeakMap();
function rankedBranches(routes) {
  let branches = keptBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    keptBranches.set(routes, branches);
  }
  return branches;
}
const keptPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive === true ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = keptPaths.get(key);
  if (!compiled) {
    if (keptPaths.size >= ${COMPILED_KEPT}) keptPaths.clear();
    compiled = compilePathAfresh(path, caseSensitive, end);
    keptPaths.set(key, compiled);
  }
  return compiled;
}
`;

/** The router's module with both kept; throws when either place is not there exactly once. */
export function memoizeRouter(code: string): string {
  for (const [what, text] of [
    ["the ranking in matchRoutesImpl", RANKING],
    ["compilePath", COMPILE],
  ])
    if (code.split(text).length !== 2)
      throw new Error(
        `@remix-run/router changed: ${what} is not where scripts/router-memo.ts expects it`,
      );
  return (
    code
      .replace(RANKING, "  let branches = rankedBranches(routes);\n")
      .replace(
        COMPILE,
        "function compilePathAfresh(path, caseSensitive, end) {",
      ) + HELPERS
  );
}

/** The Vite plugin: rewrites the router in the server build only. */
export function routerMemo(): Plugin {
  return {
    name: "playfeed-router-memo",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !ROUTER_FILE.test(id.split("?")[0])) return null;
      return { code: memoizeRouter(code), map: null };
    },
  };
}
