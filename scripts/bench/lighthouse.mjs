// Lighthouse mobile run (its default config: mobile form factor, simulated slow 4G and CPU slowdown)
// in Debian's Chromium. Returns null, after printing a skip line, when Lighthouse cannot run here.
import { existsSync } from "node:fs";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Compressed (transferred) bytes of scripts: resource-summary's script row, else summed from network-requests. */
function scriptBytes(audits) {
  const row = audits["resource-summary"]?.details?.items?.find(
    (item) => item.resourceType === "script",
  );
  if (row) return row.transferSize;
  return (audits["network-requests"]?.details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

export async function lighthouseRun(base, paths) {
  console.log("\nLighthouse (mobile, simulated throttling)\n");
  if (!existsSync(CHROME)) {
    console.log(
      `SKIP  Lighthouse: no Chromium at ${CHROME} (apt-get install -y chromium)`,
    );
    return null;
  }
  let chrome;
  try {
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: CHROME_FLAGS,
      logLevel: "silent",
    });
    console.log(
      "path".padEnd(28),
      "score".padStart(6),
      "LCP ms".padStart(8),
      "transferred".padStart(12),
      "JS (compressed)".padStart(16),
    );
    const rows = [];
    for (const path of paths) {
      const runnerResult = await lighthouse(base + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const { lhr } = runnerResult;
      if (lhr.runtimeError)
        throw new Error(
          `${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
      const row = {
        path,
        score: lhr.categories.performance.score ?? 0,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        transferred: lhr.audits["total-byte-weight"].numericValue,
        scriptBytes: scriptBytes(lhr.audits),
      };
      rows.push(row);
      console.log(
        path.padEnd(28),
        row.score.toFixed(2).padStart(6),
        row.lcp.toFixed(0).padStart(8),
        kb(row.transferred).padStart(12),
        kb(row.scriptBytes).padStart(16),
      );
    }
    return rows;
  } catch (error) {
    console.log(
      `SKIP  Lighthouse could not run here: ${error.message.split("\n")[0]}`,
    );
    return null;
  } finally {
    if (chrome) {
      try {
        chrome.kill(); // by the PID chrome-launcher started
      } catch {
        // already gone
      }
    }
  }
}
