import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { memoizeRouter } from "./router-memo";

/** What the test calls of Remix's router (the installed one, which Remix's packages bring). */
interface Router {
  matchRoutes(
    routes: ReturnType<typeof tree>,
    location: string,
  ): { route: { id: string }; params: object; pathname: string }[] | null;
  matchPath(
    pattern: string | { path: string; end?: boolean },
    pathname: string,
  ): { params: object; pathname: string } | null;
}

// The very file the server build bundles, as installed.
const routerFile = createRequire(import.meta.url)
  .resolve("@remix-run/router")
  .replace(/router\.cjs\.js$/, "router.js");
const original = readFileSync(routerFile, "utf8");
const scratch = mkdtempSync(path.join(tmpdir(), "router-memo-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function load(name: string, code: string): Promise<Router> {
  const file = path.join(scratch, `${name}.mjs`);
  // Its map points next to the installed file; the copy runs without one.
  writeFileSync(file, code.replace(/^\/\/# sourceMappingURL=.*$/m, ""));
  return (await import(pathToFileURL(file).href)) as Router;
}

/** The rewritten router, counting how often the code just after `place` (a line of it, as written) runs. */
async function counting(name: string, place: string) {
  const code = memoizeRouter(original);
  expect(code.split(place)).toHaveLength(2);
  const router = await load(
    name,
    `globalThis.__${name} = 0;\n` +
      code.replace(place, `${place}\n  globalThis.__${name}++;`),
  );
  const count = () =>
    (globalThis as unknown as Record<string, number>)[`__${name}`];
  return { router, count };
}

// A tree shaped like the app's: a root layout, an index, params, nested layouts, a splat and pathless children.
const tree = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "detail", path: "detail/:id" },
      {
        id: "blog",
        path: "blog",
        children: [
          { id: "blog-index", index: true },
          { id: "post", path: ":title" },
        ],
      },
      { id: "editor", path: "editor/:blogId?" },
      { id: "settings", path: "Settings", caseSensitive: true },
      { id: "api", path: "boards/:gameId/:period" },
      { id: "layout", children: [{ id: "social", path: "social" }] },
      { id: "splat", path: "*" },
    ],
  },
];

const PATHS = [
  "/",
  "/detail/12",
  "/detail/12/",
  "/detail",
  "/blog",
  "/blog/Hello%20world",
  "/editor",
  "/editor/7",
  "/Settings",
  "/settings",
  "/boards/3/week",
  "/social",
  "/no/such/page",
];

const ids = (router: Router, routes: ReturnType<typeof tree>, at: string) =>
  router.matchRoutes(routes, at)?.map((match) => ({
    id: match.route.id,
    params: match.params,
    pathname: match.pathname,
  })) ?? null;

describe("the server build's route matching kept per tree and path", () => {
  it("matches every path as the router does, on a tree it has seen and on a new one", async () => {
    const before = await load("before", original);
    const after = await load("after", memoizeRouter(original));
    const seen = tree();
    for (const at of PATHS)
      for (let time = 0; time < 2; time++) {
        expect(ids(after, seen, at)).toEqual(ids(before, tree(), at));
        expect(ids(after, tree(), at)).toEqual(ids(before, tree(), at));
      }
    expect(after.matchPath("/detail/:id", "/detail/5")?.params).toEqual({
      id: "5",
    });
    expect(after.matchPath({ path: "/x", end: false }, "/x/y")?.pathname).toBe(
      "/x",
    );
    expect(after.matchPath({ path: "/x", end: true }, "/x/y")).toBeNull();
  });

  it("compiles a route's path once", async () => {
    const { router: after, count } = await counting(
      "compiled",
      "function compilePathAfresh(path, caseSensitive, end) {",
    );
    after.matchRoutes(tree(), "/detail/1");
    const first = count();
    expect(first).toBeGreaterThan(0);
    for (let time = 0; time < 5; time++) after.matchRoutes(tree(), "/detail/1");
    expect(count()).toBe(first);
  });

  it("ranks a tree's shape once: a fresh tree of that shape gets its own routes back, another shape its own ranking", async () => {
    const { router: after, count: ranked } = await counting(
      "ranked",
      "    const branches = flattenRoutes(routes);",
    );
    after.matchRoutes(tree(), "/");
    expect(ranked()).toBe(1);
    for (const at of PATHS) {
      const fresh = tree();
      const matched = after.matchRoutes(fresh, at) ?? [];
      // The very route objects of this tree, as a data router needs (their loaders, their handles).
      const own = new Set<object>();
      const walk = (routes: object[]) => {
        for (const route of routes as { children?: object[] }[]) {
          own.add(route);
          if (route.children) walk(route.children);
        }
      };
      walk(fresh);
      for (const match of matched) expect(own.has(match.route)).toBe(true);
    }
    expect(ranked()).toBe(1);

    // Another shape (a path changed) is ranked on its own, and matches by its own paths.
    const moved = tree();
    moved[0].children[1] = { id: "detail", path: "game/:id" };
    expect(ids(after, moved, "/game/4")?.map((match) => match.id)).toEqual([
      "root",
      "detail",
    ]);
    expect(ranked()).toBe(2);
    // A tree with an id twice is never taken for another.
    const twice = tree();
    twice[0].children.push({ id: "detail", path: "again/:id" });
    expect(ids(after, twice, "/again/4")?.map((match) => match.id)).toEqual([
      "root",
      "detail",
    ]);
    expect(ranked()).toBe(3);
  });

  it("keeps what a path matched, and answers each asking with a copy of its own", async () => {
    const { router: after, count: tried } = await counting(
      "tried",
      "function matchRouteBranch(branch, pathname, allowPartial) {",
    );
    const first = after.matchRoutes(tree(), "/blog/Hello%20world")!;
    const triedFirst = tried();
    expect(triedFirst).toBeGreaterThan(1);
    const params = first[0].params as Record<string, string>;
    params.title = "changed by a caller";
    const again = after.matchRoutes(tree(), "/blog/Hello%20world")!;
    expect(tried()).toBe(triedFirst);
    expect(again.map((match) => match.route.id)).toEqual([
      "root",
      "blog",
      "post",
    ]);
    expect(again[2].params).toEqual({ title: "Hello world" });
    expect(again[0].params).toBe(again[2].params);
    // Another path is tried afresh.
    expect(after.matchRoutes(tree(), "/detail/3")?.at(-1)?.route.id).toBe(
      "detail",
    );
    expect(tried()).toBeGreaterThan(triedFirst);
  });

  it("fails the build when the router no longer reads as expected", () => {
    expect(() =>
      memoizeRouter(
        original.replace("rankRouteBranches(branches);", "rank(branches);"),
      ),
    ).toThrow(/@remix-run\/router changed/);
    expect(() =>
      memoizeRouter(
        original + "\nfunction compilePath(path, caseSensitive, end) {}",
      ),
    ).toThrow(/compilePath/);
    expect(() =>
      memoizeRouter(original.replace("  return matches;\n}", "  return m;\n}")),
    ).toThrow(/the matching in matchRoutesImpl/);
  });
});
