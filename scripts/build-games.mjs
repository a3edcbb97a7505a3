// Builds every game in games/<slug>/ (TypeScript) into public/games/<slug>/: index.html, game.js and icon.svg.
// Runs before the Remix build, which copies public/ into the client build.
import { build } from "esbuild";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const source = path.join(root, "games");
const output = path.join(root, "public", "games");
const MAX_BYTES = 200 * 1024;

const css = readFileSync(path.join(source, "shared", "page.css"), "utf8");
const slugs = readdirSync(source).filter(
  (name) => name !== "shared" && existsSync(path.join(source, name, "main.ts")),
);

rmSync(output, { recursive: true, force: true });
for (const slug of slugs) {
  const target = path.join(output, slug);
  mkdirSync(target, { recursive: true });
  await build({
    entryPoints: [path.join(source, slug, "main.ts")],
    outfile: path.join(target, "game.js"),
    bundle: true,
    minify: true,
    // A classic script: the sandboxed frame has an opaque origin, and a module script from it would be a CORS request.
    format: "iife",
    target: "es2020",
    logLevel: "warning",
  });
  const title = JSON.parse(
    readFileSync(path.join(source, slug, "meta.json"), "utf8"),
  ).name;
  writeFileSync(
    path.join(target, "index.html"),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover, user-scalable=no">
<title>${title}</title>
<style>${css}</style>
</head>
<body>
<script src="/sdk/playfeed-sdk.js"></script>
<script src="game.js"></script>
</body>
</html>
`,
  );
  copyFileSync(
    path.join(source, slug, "icon.svg"),
    path.join(target, "icon.svg"),
  );
  const bytes = readdirSync(target).reduce(
    (sum, file) => sum + statSync(path.join(target, file)).size,
    0,
  );
  if (bytes > MAX_BYTES)
    throw new Error(
      `${slug} is ${bytes} bytes; a game may be at most ${MAX_BYTES}`,
    );
}
console.log(`Built ${slugs.length} games into public/games/`);
