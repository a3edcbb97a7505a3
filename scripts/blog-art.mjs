// Draws the pictures of the seeded blog posts (workers/db/blog-posts.ts) into public/media/blog/ as JPEG:
// compositions of the games' real promo frames (public/media/promos/) and icons, rendered in headless Chromium.
// The results are committed, with their WebP variants (scripts/picture-variants.ts, run at the end); run again after
// changing a game's promo or a post's art.
//   node scripts/blog-art.mjs [--preview <dir>]   (--preview also writes PNG copies there, to look at)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { bin, root, run } from "./lib.mjs";

const output = path.join(root, "public/media/blog");
const previewIndex = process.argv.indexOf("--preview");
const previewDir =
  previewIndex >= 0 ? path.resolve(process.argv[previewIndex + 1]) : null;

const dataUrl = (file, type) =>
  `data:${type};base64,${readFileSync(path.join(root, file)).toString("base64")}`;
const promo = (slug) =>
  dataUrl(`public/media/promos/${slug}.jpg`, "image/jpeg");
const icon = (slug) => dataUrl(`games/${slug}/icon.svg`, "image/svg+xml");
const GAMES = [
  "snake",
  "brick-breaker",
  "bubble-pop",
  "color-flood",
  "dash-runner",
  "fruit-catch",
  "memory-match",
  "merge-tiles",
  "mole-mash",
  "sky-hopper",
  "star-dodger",
  "tower-stack",
];

const BASE_CSS = `
  * { box-sizing: border-box; margin: 0; }
  body { width: var(--w); height: var(--h); overflow: hidden; font-family: "DejaVu Sans", sans-serif; color: #f3f4ff;
    background: radial-gradient(circle at 85% 10%, rgba(217, 70, 239, 0.35), transparent 45%),
      radial-gradient(circle at 5% 95%, rgba(34, 211, 238, 0.25), transparent 40%), #0a0b17; }
  .phone { border-radius: 28px; overflow: hidden; border: 6px solid #252a52; box-shadow: 0 30px 60px -20px rgba(0, 0, 0, 0.9); background: #000; }
  .phone img { display: block; width: 100%; height: 100%; object-fit: cover; }
  .brand { position: absolute; left: 56px; bottom: 44px; display: flex; align-items: center; gap: 12px; font-size: 24px; font-weight: 700; }
  .brand i { width: 34px; height: 34px; border-radius: 10px; background: linear-gradient(135deg, #8b5cf6, #d946ef 55%, #ec4899); }
  .kicker { font-size: 22px; letter-spacing: 0.16em; text-transform: uppercase; color: #f0abfc; font-weight: 700; }
  h1 { font-size: 64px; line-height: 1.05; letter-spacing: -0.02em; margin-top: 18px; }
  h1 em { font-style: normal; background: linear-gradient(90deg, #b197fc, #f0abfc 50%, #f9a8d4); -webkit-background-clip: text; color: transparent; }
  .copy { position: absolute; left: 56px; top: 60px; width: 560px; }
  .copy p { margin-top: 18px; font-size: 26px; line-height: 1.35; color: #a9aed3; }
`;

const brand = `<div class="brand"><i></i>Playfeed blog</div>`;
const phones = (slugs, { width = 200, gap = 24, tilt = 0 } = {}) =>
  slugs
    .map(
      (slug, i) =>
        `<div class="phone" style="width:${width}px;height:${Math.round((width * 16) / 9)}px;transform:rotate(${(i - (slugs.length - 1) / 2) * tilt}deg) translateY(${Math.abs(i - (slugs.length - 1) / 2) * tilt * 6}px);margin-left:${i ? gap : 0}px"><img src="${promo(slug)}"></div>`,
    )
    .join("");

const ART = [
  {
    name: "welcome-poster",
    size: [1200, 630],
    html: `<div class="copy"><div class="kicker">Welcome</div><h1>Twelve games,<br><em>one thumb</em></h1><p>Swipe the feed, tap to play. No installs, no waiting.</p></div>
      <div style="position:absolute;right:40px;top:70px;display:flex;align-items:flex-start">${phones(["snake", "tower-stack", "bubble-pop"], { width: 170, gap: -30, tilt: 6 })}</div>${brand}`,
  },
  {
    name: "welcome-catalogue",
    size: [1200, 750],
    html: `<div style="padding:56px 64px"><div class="kicker">The catalogue</div><h1 style="font-size:48px">Arcade, puzzle, action and casual</h1>
      <div style="display:grid;grid-template-columns:repeat(6,1fr);gap:28px;margin-top:48px">${GAMES.map((slug) => `<img src="${icon(slug)}" style="width:150px;height:150px;border-radius:34px;box-shadow:0 18px 36px -16px #000">`).join("")}</div></div>`,
  },
  {
    name: "snake-poster",
    size: [1200, 630],
    html: `<div class="copy"><div class="kicker">Neon Snake</div><h1>Five habits of<br><em>high scorers</em></h1><p>Slow is smooth, smooth is fast: how the top of the board plays the classic.</p></div>
      <div style="position:absolute;right:70px;top:40px;display:flex;align-items:center;gap:36px"><img src="${icon("snake")}" style="width:150px;height:150px;border-radius:36px"><div class="phone" style="width:300px;height:533px"><img src="${promo("snake")}"></div></div>${brand}`,
  },
  {
    name: "snake-board",
    size: [1200, 750],
    html: `<div style="display:flex;align-items:center;gap:64px;padding:64px 80px"><div class="phone" style="width:340px;height:604px"><img src="${promo("snake")}"></div>
      <div><div class="kicker">Hug the walls</div><h1 style="font-size:52px">Keep the middle free for the next dot</h1><p style="margin-top:24px;font-size:28px;line-height:1.4;color:#a9aed3">A snake that circles the edge always has a safe way back to the centre.</p></div></div>`,
  },
  {
    name: "multiplayer-poster",
    size: [1200, 630],
    html: `<div class="copy"><div class="kicker">Multiplayer</div><h1>Ten seconds to<br><em>find a rival</em></h1><p>How Playfeed pairs you with a live opponent, or a recorded one.</p></div>
      <div style="position:absolute;right:56px;top:64px;display:flex;align-items:center">${phones(["star-dodger"], { width: 190 })}
      <div style="width:86px;height:86px;margin:0 -20px;z-index:2;border-radius:50%;display:grid;place-items:center;font-size:32px;font-weight:800;background:linear-gradient(135deg,#8b5cf6,#d946ef 55%,#ec4899);box-shadow:0 12px 30px -8px rgba(217,70,239,.8)">VS</div>${phones(["star-dodger"], { width: 190 })}</div>${brand}`,
  },
  {
    name: "multiplayer-timeline",
    size: [1200, 750],
    html: `<div style="padding:64px 80px"><div class="kicker">From tap to match</div><h1 style="font-size:50px">What happens after you press Multiplayer</h1>
      <div style="display:grid;grid-template-columns:repeat(4,1fr);gap:22px;margin-top:56px">${[
        ["0 s", "You join the game's lobby", "#8b5cf6"],
        ["≤ 10 s", "A second player joins: you are matched", "#d946ef"],
        ["10 s", "Nobody came: a bot replays a real run", "#ec4899"],
        ["End", "Both scores land on the summary", "#22d3ee"],
      ]
        .map(
          ([time, text, colour]) =>
            `<div style="background:#141731;border:1px solid rgba(150,158,255,.24);border-radius:22px;padding:28px;min-height:300px"><div style="font-size:44px;font-weight:800;color:${colour}">${time}</div><p style="margin-top:22px;font-size:27px;line-height:1.35">${text}</p></div>`,
        )
        .join("")}</div></div>`,
  },
  {
    name: "puzzle-poster",
    size: [1200, 630],
    html: `<div class="copy"><div class="kicker">Puzzle corner</div><h1>Think two moves<br><em>ahead</em></h1><p>Strategies for Merge Tiles, Memory Match and Color Flood.</p></div>
      <div style="position:absolute;right:48px;top:56px;display:flex;align-items:flex-start">${phones(["merge-tiles", "memory-match", "color-flood"], { width: 165, gap: -24, tilt: 5 })}</div>${brand}`,
  },
  {
    name: "puzzle-merge",
    size: [1200, 750],
    html: `<div style="display:flex;align-items:center;gap:64px;padding:64px 80px"><div style="display:flex;gap:24px">${phones(["merge-tiles", "color-flood"], { width: 250 })}</div>
      <div><div class="kicker">Corners win</div><h1 style="font-size:48px">Park your biggest tile and build towards it</h1></div></div>`,
  },
  {
    name: "leaderboards-poster",
    size: [1200, 630],
    html: `<div class="copy"><div class="kicker">Leaderboards</div><h1>Beat the people<br><em>you follow</em></h1><p>Every game keeps a board for everyone, and one just for your friends.</p></div>
      <div style="position:absolute;right:64px;top:70px;width:440px;background:#141731;border:1px solid rgba(150,158,255,.24);border-radius:26px;padding:26px 28px;box-shadow:0 30px 60px -20px #000">
      <div style="display:flex;align-items:center;gap:14px;font-size:24px;font-weight:700"><img src="${icon("brick-breaker")}" style="width:54px;height:54px;border-radius:14px">Brick Breaker · Level</div>
      ${[
        ["1", "Maya", "14", "#fbbf24"],
        ["2", "Ava", "12", "#cbd5e1"],
        ["3", "Ben", "11", "#f59e0b"],
        ["4", "You", "9", "#a9aed3"],
      ]
        .map(
          ([rank, name, score, colour]) =>
            `<div style="display:flex;align-items:center;gap:18px;margin-top:18px;padding:14px 18px;border-radius:16px;background:${name === "You" ? "rgba(139,92,246,.25)" : "#1b1f3f"};font-size:26px"><b style="color:${colour};width:28px">${rank}</b><span style="flex:1">${name}</span><b>${score}</b></div>`,
        )
        .join("")}</div>${brand}`,
  },
  {
    name: "leaderboards-scope",
    size: [1200, 750],
    html: `<div style="padding:60px 80px"><div class="kicker">Everyone or Following</div><h1 style="font-size:50px">One switch on every leaderboard</h1>
      <div style="display:flex;gap:40px;margin-top:48px;align-items:flex-start">${[
        [
          "Everyone",
          [
            ["Kai", "3,410"],
            ["Rosa", "3,120"],
            ["Jun", "2,980"],
          ],
        ],
        [
          "Following",
          [
            ["Ava", "1,860"],
            ["You", "1,540"],
            ["Ben", "1,210"],
          ],
        ],
      ]
        .map(
          ([scope, rows], i) =>
            `<div style="flex:1;background:#141731;border:1px solid ${i ? "#d946ef" : "rgba(150,158,255,.24)"};border-radius:24px;padding:26px"><div style="display:flex;align-items:center;gap:14px;font-size:26px;font-weight:700"><img src="${icon("snake")}" style="width:50px;height:50px;border-radius:14px">Neon Snake<span style="margin-left:auto;padding:6px 16px;border-radius:999px;font-size:20px;background:${i ? "linear-gradient(135deg,#8b5cf6,#d946ef 55%,#ec4899)" : "#252a52"}">${scope}</span></div>${rows
              .map(
                ([name, score], rank) =>
                  `<div style="display:flex;gap:18px;margin-top:16px;padding:14px 18px;border-radius:14px;background:${name === "You" ? "rgba(139,92,246,.25)" : "#1b1f3f"};font-size:25px"><b style="width:24px;color:#a9aed3">${rank + 1}</b><span style="flex:1">${name}</span><b>${score}</b></div>`,
              )
              .join("")}</div>`,
        )
        .join("")}</div></div>`,
  },
  {
    name: "promos-poster",
    size: [1200, 630],
    html: `<div class="copy" style="width:520px"><div class="kicker">Behind the scenes</div><h1>How every promo<br><em>video is made</em></h1><p>Eight seconds of real play, recorded by a robot.</p></div>
      <div style="position:absolute;right:-40px;top:36px;display:grid;grid-template-columns:repeat(3,150px);gap:16px;transform:rotate(-8deg)">${[
        "dash-runner",
        "fruit-catch",
        "mole-mash",
        "sky-hopper",
        "brick-breaker",
        "bubble-pop",
      ]
        .map(
          (slug) =>
            `<div class="phone" style="width:150px;height:267px;border-width:4px;border-radius:20px"><img src="${promo(slug)}"></div>`,
        )
        .join("")}</div>${brand}`,
  },
  {
    name: "promos-frames",
    size: [1200, 750],
    html: `<div style="padding:56px 64px"><div class="kicker">One demo, many frames</div><h1 style="font-size:46px">Each frame is one step of the game's own clock</h1>
      <div style="display:flex;gap:18px;margin-top:44px;padding:18px;background:#000;border-radius:18px;border-top:10px dashed #252a52;border-bottom:10px dashed #252a52">${[
        "dash-runner",
        "sky-hopper",
        "tower-stack",
        "fruit-catch",
        "mole-mash",
        "star-dodger",
      ]
        .map(
          (slug) =>
            `<img src="${promo(slug)}" style="width:166px;height:295px;object-fit:cover;border-radius:10px">`,
        )
        .join("")}</div></div>`,
  },
];

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
if (previewDir) mkdirSync(previewDir, { recursive: true });
try {
  for (const {
    name,
    size: [width, height],
    html,
  } of ART) {
    const page = await browser.newPage({
      viewport: { width, height },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<!doctype html><style>:root{--w:${width}px;--h:${height}px}${BASE_CSS}</style><body>${html}</body>`,
      { waitUntil: "load" },
    );
    const file = path.join(output, `${name}.jpg`);
    writeFileSync(file, await page.screenshot({ type: "jpeg", quality: 82 }));
    if (previewDir)
      await page.screenshot({ path: path.join(previewDir, `${name}.png`) });
    await page.close();
    console.log(`${path.relative(root, file)} ${width}×${height}`);
  }
} finally {
  await browser.close();
}
run(bin("tsx"), ["scripts/picture-variants.ts"]);
