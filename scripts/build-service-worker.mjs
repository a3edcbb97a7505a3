// Bundles the service worker (service-worker/sw.ts) into build/client/sw.js after the Remix build, with what only the
// build knows: the files to keep at install (the app shell's assets, read from the Remix client manifest, and our games,
// SDK, icons and posters), a version that changes whenever one of them does, and the offline page (ADR 018).
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { designTokens, token } from "./design-tokens.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const client = path.join(root, "build", "client");
const source = path.join(root, "service-worker");

/** The routes whose pages are kept for offline use (service-worker/rules.ts), with the 404 page: their code is kept. */
const SHELL_ROUTES = [
  "root",
  "routes/_index",
  "routes/home-page",
  "routes/home",
  "routes/detail.$id",
  "routes/play.$id",
  "routes/publisher.$id",
  "routes/blog._index",
  "routes/blog.$title",
  "routes/about",
  "routes/terms",
  "routes/privacy",
  "routes/$",
];

/** Static folders kept whole: our games and their files, the SDK, icons, category art, publishers' art. */
const KEPT_FOLDERS = ["games", "sdk", "icons", "placeholders", "publishers"];

function remixManifest() {
  const assets = path.join(client, "assets");
  const file = readdirSync(assets).find((name) =>
    /^manifest-[\w-]+\.js$/.test(name),
  );
  if (!file)
    throw new Error(
      "build/client/assets has no Remix manifest: run the Remix build first",
    );
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

function shellAssets(manifest) {
  const urls = new Set([
    manifest.url,
    manifest.entry.module,
    ...manifest.entry.imports,
  ]);
  for (const id of SHELL_ROUTES) {
    const route = manifest.routes[id];
    if (!route)
      throw new Error(
        `The Remix manifest has no route ${id}: update SHELL_ROUTES`,
      );
    for (const url of [
      route.module,
      ...(route.imports ?? []),
      ...(route.css ?? []),
    ])
      urls.add(url);
  }
  return [...urls];
}

function filesUnder(folder) {
  const dir = path.join(client, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const relative = `${folder}/${name}`;
    return statSync(path.join(client, relative)).isDirectory()
      ? filesUnder(relative)
      : [relative];
  });
}

/** A game's page is asked for as its folder (/games/snake/), the address the game frame loads. */
const urlOf = (file) => `/${file.replace(/(^|\/)index\.html$/, "$1")}`;

function staticFiles() {
  // The originals only: their WebP variants (ADR 048) are fetched as a screen needs them.
  const posters = filesUnder("media/promos").filter(
    (file) => /\.(jpg|png|webp)$/.test(file) && !/\.w\d+\.webp$/.test(file),
  );
  return [
    ...KEPT_FOLDERS.flatMap(filesUnder),
    ...posters,
    "favicon.svg",
    "manifest.webmanifest",
  ].map(urlOf);
}

function offlinePage() {
  const tokens = designTokens();
  const logo = readFileSync(
    path.join(root, "public", "favicon.svg"),
    "utf8",
  ).replace("<svg ", '<svg width="56" height="56" aria-hidden="true" ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${token(tokens, "color-bg-deep")}">
<title>You're offline · Playfeed</title>
<style>
html{color-scheme:dark;background:${token(tokens, "color-bg")};color:${token(tokens, "color-text")};font-family:${token(tokens, "font-sans")}}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;box-sizing:border-box;text-align:center}
main{max-width:32rem}
h1{font-size:1.5rem;margin:16px 0 8px}
p{color:${token(tokens, "color-text-muted")};line-height:1.5;margin:0 0 24px}
nav{display:flex;flex-wrap:wrap;gap:12px;justify-content:center}
a{display:inline-block;padding:12px 20px;border-radius:${token(tokens, "radius-pill")};color:${token(tokens, "color-text")};text-decoration:none;font-weight:600;border:1px solid ${token(tokens, "color-border-strong")}}
a.primary{background:${token(tokens, "gradient-brand")};border-color:transparent}
a:focus-visible{outline:2px solid ${token(tokens, "color-focus")};outline-offset:2px}
</style>
</head>
<body>
<main>
${logo}
<h1>You're offline</h1>
<p>This page needs a connection. The home page, the feed and the games you've played still work.</p>
<nav><a class="primary" href="/">Go to the home page</a><a href="/home-page">Open the feed</a><a href="">Try again</a></nav>
</main>
</body>
</html>
`;
}

const precache = [...shellAssets(remixManifest()), ...staticFiles()].sort();
const offlineHtml = offlinePage();
const hash = createHash("sha256");
for (const url of precache) {
  hash.update(url);
  const file = url.endsWith("/") ? `${url}index.html` : url;
  hash.update(readFileSync(path.join(client, file)));
}
for (const name of readdirSync(source)
  .filter((name) => name.endsWith(".ts"))
  .sort())
  hash.update(readFileSync(path.join(source, name)));
hash.update(offlineHtml);
const version = hash.digest("hex").slice(0, 12);

await build({
  entryPoints: [path.join(source, "sw.ts")],
  outfile: path.join(client, "sw.js"),
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  logLevel: "warning",
  define: {
    VERSION: JSON.stringify(version),
    PRECACHE: JSON.stringify(precache),
    OFFLINE_HTML: JSON.stringify(offlineHtml),
  },
});
console.log(
  `Wrote build/client/sw.js (version ${version}, ${precache.length} files kept at install)`,
);
