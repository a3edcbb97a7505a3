// The script a page loads before a tap works (issue #36): the entry, the root and the page's route module with every
// static import Remix's manifest preloads for them, gzipped. Fails when `/`, a game's detail page, the blog or a post
// passes the 120 KB aim (ADR 050), or links more stylesheets than its limit: each is a request its first paint waits
// for (ADR 054). Reads the production client build, so needs `npm run build`; bytes and counts, never timing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** issue #36: 120 KB of compressed JavaScript before interaction, in Lighthouse's kilobytes. */
export const BUDGET_BYTES = 120 * 1024;

/** The pages the budget holds for, by Remix route id, and what fails the test. */
export const PAGES = [
  { label: "/", routeId: "routes/_index", limit: BUDGET_BYTES, stylesheets: 3 },
  {
    label: "/detail/{id}",
    routeId: "routes/detail.$id",
    limit: BUDGET_BYTES,
    stylesheets: 4,
  },
  // The blog's pages are where a shared post lands; zod came back to them once with a date helper.
  {
    label: "/blog",
    routeId: "routes/blog._index",
    limit: BUDGET_BYTES,
    stylesheets: 3,
  },
  {
    label: "/blog/{slug}",
    routeId: "routes/blog.$title",
    limit: BUDGET_BYTES,
    stylesheets: 3,
  },
];

export const clientDir = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "../build/client",
);

/** Remix's browser manifest, the file that decides which modules a document preloads. */
function remixManifest() {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) =>
    /^manifest-[0-9a-f]+\.js$/.test(name),
  );
  if (!file) throw new Error(`No Remix manifest in ${assets}: npm run build`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(
    text.slice(text.indexOf("=") + 1, text.lastIndexOf(";")).trim(),
  );
}

/** The URLs of the scripts a document for routeId loads before interaction, in the order Remix lists them. */
export function firstLoadScripts(routeId) {
  const manifest = remixManifest();
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the Remix manifest`);
  const root = manifest.routes.root;
  return [
    ...new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      root.module,
      ...(root.imports ?? []),
      route.module,
      ...(route.imports ?? []),
    ]),
  ];
}

/** The stylesheets a document for routeId links in its head: the root's, then each route's down to it, once each. */
export function firstLoadStylesheets(routeId) {
  const { routes } = remixManifest();
  const chain = [];
  for (let id = routeId; id; id = routes[id]?.parentId) {
    if (!routes[id]) throw new Error(`No route ${id} in the Remix manifest`);
    chain.unshift(routes[id]);
  }
  return [...new Set(chain.flatMap((route) => route.css ?? []))];
}

export const readAsset = (url) => readFileSync(path.join(clientDir, url));

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** The gzipped bytes of the build's files at these URLs, together. */
const gzipTotal = (urls) =>
  urls.reduce((sum, url) => sum + gzipBytes(readAsset(url)), 0);

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Each budgeted page with its gzipped first-load total and the stylesheets it links. */
export function measurePages() {
  return PAGES.map((page) => ({
    ...page,
    gzip: gzipTotal(firstLoadScripts(page.routeId)),
    css: firstLoadStylesheets(page.routeId),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const page of measurePages()) {
    const pass = page.gzip <= BUDGET_BYTES;
    console.log(
      `${pass ? "PASS" : "MISS"}  ${page.label.padEnd(14)} ${kb(page.gzip).padStart(9)} gzip before interaction, aim ${kb(BUDGET_BYTES)}, limit ${kb(page.limit)}`,
    );
    if (page.gzip > page.limit) {
      console.error(
        `${page.label}'s first load is over its limit: \`npm run bench:js\` shows what each file holds.`,
      );
      process.exitCode = 1;
    }
    console.log(
      `${page.css.length <= page.stylesheets ? "PASS" : "MISS"}  ${page.label.padEnd(14)} ${String(page.css.length).padStart(6)} stylesheets (${kb(gzipTotal(page.css))} gzip) before first paint, limit ${page.stylesheets}`,
    );
    if (page.css.length > page.stylesheets) {
      console.error(
        `${page.label} links ${page.css.join(", ")}: a small part's stylesheet that many pages use belongs in app/styles/parts.css (ADR 054).`,
      );
      process.exitCode = 1;
    }
  }
}
