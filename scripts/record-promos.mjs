// Records each game's promo video and poster from its self-playing demo mode.
//   node scripts/record-promos.mjs [slug ...]
// Needs Debian's chromium and ffmpeg (apt-get install -y chromium ffmpeg). The results are committed in
// public/media/promos/, so `npm start` and CI never need ffmpeg; re-run this after changing a game.
// The demo runs with ?record=1: the game clock advances only when this script steps it, so every
// frame is captured however slow the machine is, and a re-recording gives the same video.
/* global window -- page.evaluate callbacks run in the browser */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { root } from "./lib.mjs";

const FPS = 30;
const SECONDS = 8;
const STEPS_PER_FRAME = 60 / FPS;
const MAX_BYTES = 400 * 1024;
const SIZE = { width: 360, height: 640 };
const output = path.join(root, "public", "media", "promos");
const publicDir = path.join(root, "public");

execFileSync("node", ["scripts/build-games.mjs"], {
  cwd: root,
  stdio: "inherit",
});
const slugs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(path.join(publicDir, "games"));

const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".css": "text/css",
};
const server = createServer((request, response) => {
  const file = path.join(
    publicDir,
    decodeURIComponent(new URL(request.url, "http://x").pathname),
  );
  if (
    !file.startsWith(publicDir) ||
    !existsSync(file) ||
    statSync(file).isDirectory()
  ) {
    response.writeHead(404).end();
    return;
  }
  response
    .writeHead(200, {
      "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
    })
    .end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
mkdirSync(output, { recursive: true });

try {
  for (const slug of slugs) {
    const frames = mkdtempSync(path.join(tmpdir(), `promo-${slug}-`));
    const page = await browser.newPage({
      viewport: SIZE,
      deviceScaleFactor: 1,
    });
    await page.goto(`${base}/games/${slug}/index.html?demo=1&record=1&seed=3`);
    await page.waitForFunction(() => window.__playfeed !== undefined);
    for (let frame = 0; frame < FPS * SECONDS; frame++) {
      await page.evaluate(
        (steps) => window.__playfeed.step(steps),
        STEPS_PER_FRAME,
      );
      await page.screenshot({
        path: path.join(frames, `frame-${String(frame).padStart(4, "0")}.jpg`),
        type: "jpeg",
        quality: 90,
      });
    }
    await page.close();

    const video = path.join(output, `${slug}.webm`);
    for (const bitrate of ["320k", "240k", "160k"]) {
      execFileSync("ffmpeg", [
        "-loglevel",
        "error",
        "-y",
        "-framerate",
        String(FPS),
        "-i",
        path.join(frames, "frame-%04d.jpg"),
        "-c:v",
        "libvpx-vp9",
        "-b:v",
        bitrate,
        "-row-mt",
        "1",
        "-deadline",
        "good",
        "-cpu-used",
        "4",
        "-pix_fmt",
        "yuv420p",
        "-an",
        video,
      ]);
      if (statSync(video).size <= MAX_BYTES) break;
    }
    // The poster is a frame from the second second: the game in full swing, the hint gone.
    execFileSync("ffmpeg", [
      "-loglevel",
      "error",
      "-y",
      "-i",
      path.join(frames, `frame-${String(FPS * 2).padStart(4, "0")}.jpg`),
      "-q:v",
      "5",
      path.join(output, `${slug}.jpg`),
    ]);
    rmSync(frames, { recursive: true, force: true });
    console.log(
      `${slug}: ${(statSync(video).size / 1024).toFixed(0)} KB video, ${(statSync(path.join(output, `${slug}.jpg`)).size / 1024).toFixed(0)} KB poster`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
