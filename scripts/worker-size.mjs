// Measures the Worker as it would be uploaded (`wrangler deploy --dry-run`) and fails when its compressed size is
// over the Workers Free plan's limit (ADR 017: the card renderer and font are the largest parts). Needs `npm run build`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bin, run } from "./lib.mjs";

/** The Free plan's limit on a Worker after compression, "3 MB", read as the smaller 3,000,000 bytes. */
const LIMIT_BYTES = 3_000_000;

const outdir = mkdtempSync(path.join(tmpdir(), "playfeed-worker-"));
try {
  run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const modules = readdirSync(outdir)
    .filter((file) => !file.endsWith(".map") && file !== "README.md")
    .map((file) => ({
      file,
      gzip: gzipSync(readFileSync(path.join(outdir, file)), { level: 9 })
        .length,
    }));
  const total = modules.reduce((sum, { gzip }) => sum + gzip, 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
  for (const { file, gzip } of modules)
    console.log(
      `${kb(gzip).padStart(9)}  ${file.replace(/^[0-9a-f]{40}-/, "")}`,
    );
  console.log(
    `${kb(total).padStart(9)}  compressed in all, of ${kb(LIMIT_BYTES)} allowed`,
  );
  if (total > LIMIT_BYTES) {
    console.error("The Worker is over the Free plan's size limit.");
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
