// Writes the web app manifest (public/manifest.webmanifest) and its icons (public/icons/) from the logo
// (public/favicon.svg) and the design tokens. Runs before the Remix build, which copies public/ into the client build;
// both outputs are ignored by git, so the logo and the tokens stay their only source (ADR 018).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { designTokens, token } from "./design-tokens.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const publicDir = path.join(root, "public");
const iconsDir = path.join(publicDir, "icons");
const logo = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
const tokens = designTokens();

/**
 * The logo's mark on a full square of its gradient, shrunk into the middle: a maskable icon is cut to any shape (a
 * circle, a squircle) by the launcher, and only the central circle of 80% is sure to stay.
 */
function fullBleedLogo() {
  const parts =
    /^<svg[^>]*>(<defs>[\s\S]*<\/defs>)<rect [^>]*\/>([\s\S]*)<\/svg>\s*$/.exec(
      logo,
    );
  if (!parts)
    throw new Error(
      "public/favicon.svg is no longer <defs>, a <rect> and the mark: update scripts/build-app-manifest.mjs",
    );
  const [, defs, mark] = parts;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${defs}<rect width="32" height="32" fill="url(#g)"/><g transform="translate(16 16) scale(0.78) translate(-16 -16)">${mark}</g></svg>`;
}

async function png(svg, size, file) {
  // The logo is drawn on a 32-unit grid: rasterise at the size asked, not scaled up from 32 px.
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(iconsDir, file));
}

const ICONS = [
  { file: "icon-192.png", size: 192, purpose: "any", svg: logo },
  { file: "icon-512.png", size: 512, purpose: "any", svg: logo },
  {
    file: "maskable-512.png",
    size: 512,
    purpose: "maskable",
    svg: fullBleedLogo(),
  },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed square.
  {
    file: "apple-touch-icon.png",
    size: 180,
    purpose: null,
    svg: fullBleedLogo(),
  },
];

rmSync(iconsDir, { recursive: true, force: true });
mkdirSync(iconsDir, { recursive: true });
await Promise.all(ICONS.map(({ svg, size, file }) => png(svg, size, file)));

const manifest = {
  id: "/",
  name: "Playfeed",
  short_name: "Playfeed",
  description:
    "Play free casual games instantly, challenge friends and climb the leaderboards.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: token(tokens, "color-bg-deep"),
  background_color: token(tokens, "color-bg"),
  categories: ["games", "entertainment"],
  icons: ICONS.filter(({ purpose }) => purpose).map(
    ({ file, size, purpose }) => ({
      src: `/icons/${file}`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    }),
  ),
};
writeFileSync(
  path.join(publicDir, "manifest.webmanifest"),
  `${JSON.stringify(manifest, null, 2)}\n`,
);
console.log(`Wrote public/manifest.webmanifest and ${ICONS.length} icons`);
