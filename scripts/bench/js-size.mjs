// What `/` and a game's detail page load as script before a tap works (issue #36), from the production client build:
// each file with its gzip and brotli size, the total against the 120 KB budget printed PASS/MISS, and, from a
// source-mapped build, the modules that make up the bytes, so you can see what to load later.
//
//   PLAYFEED_SOURCEMAPS=1 npm run build && npm run bench:js
//
// Without the source maps (a plain `npm run build`) it prints the sizes only. Lighthouse counts the same files as
// transferred bytes, headers included, so its figure runs a few KB above this one.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import {
  BUDGET_BYTES,
  PAGES,
  clientDir,
  firstLoadScripts,
  gzipBytes,
  kb,
  readAsset,
} from "../js-budget.mjs";

const mapsDir = path.resolve(clientDir, "../sourcemaps");
const TOP_MODULES = Number(process.env.TOP_MODULES ?? 25);

const brotliBytes = (buffer) =>
  brotliCompressSync(buffer, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

const VLQ = new Map(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map(
    (char, index) => [char, index],
  ),
);

/** Each segment's [generated column, source index] of one line of a source map's mappings. */
function decodeLine(line, state) {
  const segments = [];
  for (const segment of line.split(",")) {
    if (!segment) continue;
    const fields = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = VLQ.get(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    state.column += fields[0];
    if (fields.length > 1) state.source += fields[1];
    segments.push([state.column, fields.length > 1 ? state.source : -1]);
  }
  return segments;
}

/** Bytes of the minified chunk each source module accounts for, from the chunk's hidden source map. */
function modulesOf(file) {
  const mapFile = path.join(mapsDir, `${path.basename(file)}.map`);
  if (!existsSync(mapFile)) return null;
  const map = JSON.parse(readFileSync(mapFile, "utf8"));
  const code = readAsset(file).toString("utf8").split("\n");
  const bytes = new Map();
  const add = (source, count) => {
    const name =
      source < 0
        ? "(chunk glue)"
        : map.sources[source]
            .replace(/^(\.\.\/)+/, "")
            .replace(/^\/.*?\/node_modules\//, "node_modules/");
    bytes.set(name, (bytes.get(name) ?? 0) + count);
  };
  const state = { column: 0, source: 0 };
  map.mappings.split(";").forEach((line, index) => {
    state.column = 0;
    const text = code[index] ?? "";
    const segments = decodeLine(line, state);
    if (!segments.length) return add(-1, Buffer.byteLength(text) + 1);
    add(-1, Buffer.byteLength(text.slice(0, segments[0][0])));
    segments.forEach(([column, source], at) => {
      const end = segments[at + 1]?.[0] ?? text.length;
      add(source, Buffer.byteLength(text.slice(column, end)));
    });
  });
  return bytes;
}

let missed = false;
/** Every file either page loads, once, with the pages that load it. */
const files = new Map();
for (const { label, routeId } of PAGES) {
  console.log(`\n${label} (${routeId})\n`);
  console.log(
    "gzip".padStart(9),
    "brotli".padStart(9),
    "raw".padStart(9),
    " file",
  );
  const totals = { gzip: 0, brotli: 0, raw: 0 };
  for (const url of firstLoadScripts(routeId)) {
    const buffer = readAsset(url);
    const row = {
      gzip: gzipBytes(buffer),
      brotli: brotliBytes(buffer),
      raw: buffer.length,
    };
    for (const key of Object.keys(totals)) totals[key] += row[key];
    console.log(
      kb(row.gzip).padStart(9),
      kb(row.brotli).padStart(9),
      kb(row.raw).padStart(9),
      "",
      url,
    );
    const file = files.get(url) ?? { ...row, pages: new Set() };
    file.pages.add(label);
    files.set(url, file);
  }
  console.log(
    kb(totals.gzip).padStart(9),
    kb(totals.brotli).padStart(9),
    kb(totals.raw).padStart(9),
    "",
    "in all",
  );
  const pass = totals.gzip <= BUDGET_BYTES;
  if (!pass) missed = true;
  console.log(
    `\n${pass ? "PASS" : "MISS"}  ${label}: ${kb(totals.gzip)} gzip (${kb(totals.brotli)} brotli) before interaction, aim ≤ ${kb(BUDGET_BYTES)}`,
  );
}

const modules = new Map();
let mapped = true;
for (const [url, file] of files) {
  const parts = modulesOf(url);
  if (!parts) mapped = false;
  for (const [name, bytes] of parts ?? []) {
    const entry = modules.get(name) ?? { gzip: 0, pages: new Set() };
    // Weighted by the chunk's own compression, so a module's share reads in gzip bytes.
    entry.gzip += (bytes * file.gzip) / file.raw;
    for (const page of file.pages) entry.pages.add(page);
    modules.set(name, entry);
  }
}
if (mapped) {
  console.log(
    `\nTop ${TOP_MODULES} modules of those first loads, by their share of gzip bytes\n`,
  );
  [...modules]
    .sort(([, a], [, b]) => b.gzip - a.gzip)
    .slice(0, TOP_MODULES)
    .forEach(([name, { gzip, pages }]) =>
      console.log(
        kb(gzip).padStart(9),
        "",
        name,
        pages.size < PAGES.length ? `(${[...pages].join(", ")} only)` : "",
      ),
    );
} else {
  console.log(
    "\nNo source maps for some files: PLAYFEED_SOURCEMAPS=1 npm run build, then run this again to see their modules.",
  );
}
if (missed) process.exitCode = 1;
