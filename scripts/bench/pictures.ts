// `npm run bench:pictures` (after `npm run build`): issue #36's pictures. Against its own `wrangler dev` with the seed:
//   1. a large photo-like JPEG (drawn here, 3000×2000) and a real photo (autocannon's test JPEG) uploaded through the
//      API: bytes before and after for each variant, the upload's time with and without the resize, and the CPU the
//      resize takes (the same codecs measured in Node, as the Worker's V8 runs them);
//   2. Lighthouse mobile on /blog and a post, PASS/MISS for performance ≥ 0.95 and LCP ≤ 2.5 s, and the bytes of the
//      pictures /blog sends a phone.
// Figures are printed, never asserted.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { PICTURE_WIDTHS, pictureVariantKey } from "../../contract/pictures";
import {
  migrateLocal,
  root,
  seedIfEmpty,
  startWranglerDev,
  stopProcessTree,
  waitForHealthy,
} from "../lib.mjs";
import { encodeJpeg, jpegVariants } from "../picture-codecs";
import { freePort, writeBenchUsers } from "./bench-users.mjs";
import { CHROME, CHROME_FLAGS, lighthouseRun } from "./lighthouse.mjs";

const persistTo = ".wrangler/bench-pictures";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const target = (name: string, pass: boolean, figure: string) =>
  console.log(`${pass ? "PASS" : "MISS"}  ${name.padEnd(44)} ${figure}`);

/** Smooth light and shade with fine grain, the way a phone photo compresses: a JPEG near the 2 MB upload limit. */
async function drawnPhoto(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed % 24) - 12;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const sky = y < height * (0.45 + 0.05 * Math.sin(x / 170));
      const light = 0.6 + 0.4 * Math.sin(x / 300 + y / 500);
      data[at] = (sky ? 110 : 70 + (x % 97)) * light + grain();
      data[at + 1] = (sky ? 160 : 120 + (y % 53)) * light + grain();
      data[at + 2] = (sky ? 230 : 60) * light + grain();
      data[at + 3] = 255;
    }
  return new Uint8Array(
    await encodeJpeg(
      { data, width, height, colorSpace: "srgb" },
      {
        quality: 80,
      },
    ),
  );
}

/** CPU milliseconds (user + system) of `work`, which runs on this thread only. */
async function cpuOf(work: () => Promise<unknown>) {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function upload(
  base: string,
  token: string,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
) {
  const response = await fetch(`${base}/api/media/upload-url`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ mediaUploadType: "profile-image", fileName: name }),
  });
  const { url, path: key } = await response.json<{
    url: string;
    path: string;
  }>();
  const started = performance.now();
  const put = await fetch(`${base}${new URL(url).pathname}`, {
    method: "PUT",
    body: bytes,
  });
  if (put.status !== 201)
    throw new Error(`${name}: ${put.status} ${await put.text()}`);
  return { key, ms: performance.now() - started };
}

const port = await freePort(8796);
const base = `http://127.0.0.1:${port}`;
rmSync(persistTo, { recursive: true, force: true });
migrateLocal(persistTo);
seedIfEmpty(persistTo);
const [token] = writeBenchUsers({
  persistTo,
  count: 1,
  firstId: 900_000,
  label: "Pictures",
});
const server = startWranglerDev({ port, persistTo, stdio: "ignore" });
try {
  await waitForHealthy(base);
  console.log("\nUploads: the original kept, and its WebP variants\n");
  const photos = [
    ["drawn photo 3000×2000", await drawnPhoto(3000, 2000)],
    [
      "autocannon's j5.jpeg 1169×584",
      new Uint8Array(
        readFileSync(path.join(root, "node_modules/autocannon/test/j5.jpeg")),
      ),
    ],
  ] as const;
  // A GIF is kept without variants: its upload is the same trip without the resize.
  const gif = new Uint8Array(2 * 1024 * 1024).fill(0);
  gif.set(new TextEncoder().encode("GIF89a"));
  await upload(base, token, "warm.jpg", photos[1][1]);
  const plain = await upload(base, token, "plain.gif", gif);
  for (const [name, bytes] of photos) {
    const cpu = await cpuOf(() => jpegVariants(bytes));
    const { key, ms } = await upload(base, token, "photo.jpg", bytes);
    const sizes = [];
    for (const rung of PICTURE_WIDTHS) {
      const variant = await fetch(
        `${base}/media/${pictureVariantKey(key, rung)}`,
      );
      const body = await variant.arrayBuffer();
      sizes.push(
        `${rung}: ${kb(body.byteLength)} ${variant.headers.get("Content-Type")}`,
      );
    }
    console.log(
      `${name}: original ${kb(bytes.byteLength)}; ${sizes.join(", ")}`,
    );
    console.log(
      `  resize CPU ${cpu.toFixed(0)} ms (Node, same codecs); upload ${ms.toFixed(0)} ms against ${plain.ms.toFixed(0)} ms for a 2 MB GIF kept as sent`,
    );
  }

  const phoneImages = await blogImageBytes(base);
  console.log(`\n/blog's pictures for a 390×844 phone: ${kb(phoneImages)}`);

  const rows = await lighthouseRun(base, [
    "/blog",
    "/blog/welcome-to-playfeed",
  ]);
  console.log("\nTargets (printed, not enforced)\n");
  for (const row of rows ?? []) {
    target(
      `performance ≥ 0.95 on ${row.path}`,
      row.score >= 0.95,
      row.score.toFixed(2),
    );
    target(
      `LCP ≤ 2.5 s on ${row.path}`,
      row.lcp <= 2500,
      `${(row.lcp / 1000).toFixed(2)} s`,
    );
  }
  if (!rows) console.log("SKIP  Lighthouse targets (Lighthouse did not run)");
} finally {
  stopProcessTree(server);
  rmSync(persistTo, { recursive: true, force: true });
}

/** The bytes of every picture /blog loads in a phone-sized Chromium, scrolled to the end. */
async function blogImageBytes(server: string) {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    const bodies: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "image")
        bodies.push(
          response.body().then(
            (body) => body.byteLength,
            () => 0,
          ),
        );
    });
    await page.goto(`${server}/blog`, { waitUntil: "networkidle" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    return (await Promise.all(bodies)).reduce((sum, bytes) => sum + bytes, 0);
  } finally {
    await browser.close();
  }
}
