import type { Plugin } from "vite";

/**
 * Remix's router (`@remix-run/router`) matches a URL against the route tree from scratch every time: it flattens and
 * ranks all 120-odd routes, then tries them in turn, compiling a regular expression for each. A page render matches
 * four or five times (the request handler, the data query, the page's routes, the lazy-discovery manifest), which was
 * a tenth of a render's Worker CPU and more (issue #36). The results depend only on the route tree and the path, so
 * the server build keeps them:
 *
 * - a route path's compiled expression, by path, case sensitivity and end (at most `COMPILED_KEPT`, then forgotten);
 * - a route tree's ranked branches, by the tree's array (a WeakMap) and by the tree's shape: its routes' ids, paths,
 *   index and case flags. Remix makes the page's tree afresh for every render, so a tree of a shape already ranked
 *   takes that ranking;
 * - per shape, what each path matched (at most `MATCHES_KEPT` paths, then forgotten). Every answer is a fresh copy
 *   holding the asking tree's own route objects, found by id (which a data route tree holds once each).
 *
 * A tree without ids, or with one twice, is ranked on its own and its matches are not kept. Only the server build: in
 * the browser, lazy route discovery adds routes to a tree in place, which would leave a kept ranking stale. The
 * rewrite fails the build if the router's code no longer reads as expected, so an upgrade cannot drop it silently.
 */

const ROUTER_FILE = /\/node_modules\/@remix-run\/router\/dist\/router\.js$/;

const COMPILED_KEPT = 2_000;
/** Route tree shapes kept: the app has one; a build with more forgets them all past this. */
const SHAPES_KEPT = 16;
/** Paths whose matches a shape keeps (a game's page is a path per game). */
const MATCHES_KEPT = 2_000;

const RANKING = `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;
  let decoded = decodePath(pathname);
`;

const MATCHED = `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  return matches;
}`;

const COMPILE = "function compilePath(path, caseSensitive, end) {";

const HELPERS = `
const keptTrees = new WeakMap();
const keptShapes = new Map();
function shapeOf(routes, ids) {
  let shape = "";
  for (const route of routes) {
    if (typeof route.id !== "string" || ids.has(route.id)) return null;
    ids.add(route.id);
    shape += route.id + "\\u0000" + (route.path ?? "") + "\\u0000" + (route.index ? "i" : "") + (route.caseSensitive ? "c" : "") + "(";
    if (route.children) {
      const inner = shapeOf(route.children, ids);
      if (inner === null) return null;
      shape += inner;
    }
    shape += ")";
  }
  return shape;
}
function routesById(routes, byId) {
  for (const route of routes) {
    byId.set(route.id, route);
    if (route.children) routesById(route.children, byId);
  }
  return byId;
}
function keptTree(routes) {
  let tree = keptTrees.get(routes);
  if (tree) return tree;
  const shape = shapeOf(routes, new Set());
  let ranked = shape === null ? undefined : keptShapes.get(shape);
  if (!ranked) {
    const branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    ranked = { branches, matches: shape === null ? null : new Map() };
    if (shape !== null) {
      if (keptShapes.size >= ${SHAPES_KEPT}) keptShapes.clear();
      keptShapes.set(shape, ranked);
    }
  }
  tree = { ranked, byId: shape === null ? null : routesById(routes, new Map()) };
  keptTrees.set(routes, tree);
  return tree;
}
function ownMatches(tree, matches) {
  if (!matches || !tree.byId) return matches;
  // One params object for every match of a path, as the router gives them.
  const params = matches.length ? { ...matches[matches.length - 1].params } : {};
  return matches.map((match) => ({ ...match, params, route: tree.byId.get(match.route.id) }));
}
function keptMatches(tree, decoded, allowPartial) {
  const matches = tree.ranked.matches?.get((allowPartial ? "+" : "") + decoded);
  return matches === undefined ? undefined : ownMatches(tree, matches);
}
function keepMatches(tree, decoded, allowPartial, matches) {
  const kept = tree.ranked.matches;
  if (!kept) return matches;
  if (kept.size >= ${MATCHES_KEPT}) kept.clear();
  kept.set((allowPartial ? "+" : "") + decoded, matches);
  return ownMatches(tree, matches);
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
    ["the matching in matchRoutesImpl", MATCHED],
    ["compilePath", COMPILE],
  ])
    if (code.split(text).length !== 2)
      throw new Error(
        `@remix-run/router changed: ${what} is not where scripts/router-memo.ts expects it`,
      );
  return (
    code
      .replace(
        RANKING,
        `  let tree = keptTree(routes);
  let branches = tree.ranked.branches;
  let matches = null;
  let decoded = decodePath(pathname);
  let known = keptMatches(tree, decoded, allowPartial);
  if (known !== undefined) return known;
`,
      )
      .replace(
        MATCHED,
        MATCHED.replace(
          "return matches;",
          "return keepMatches(tree, decoded, allowPartial, matches);",
        ),
      )
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
