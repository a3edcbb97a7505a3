// Draws the share cards that need no request (ADR 017) into public/cards/, which the Remix build copies into
// build/client/cards/: one per catalogue game (/cards/games/<slug>.png) from its promo poster, icon, name and category,
// and the site's own (/cards/home.png, /cards/blog.png, /cards/invite.png). Generated, never committed.
// Runs in `npm run build` after the games are built.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CARD_HEIGHT, CARD_WIDTH, gameCardPath } from "#contract/cards";
import { CATALOGUE } from "../workers/db/catalogue";
import { SITE_CARD_TEXT } from "../workers/cards/site-cards";
import { readFont } from "../workers/cards/font";
import {
  accentOf,
  CARD_FONT_FAMILY,
  dataUrl,
  gameCardSvg,
  siteCardSvg,
  type CardGame,
} from "../workers/cards/template";

const root = fileURLToPath(new URL("..", import.meta.url));
const output = path.join(root, "public", "cards");
// Drawing takes a few hundred milliseconds a card: a card whose SVG (art included) and font are unchanged is copied
// from the last build's.
const cache = path.join(root, ".cache", "cards");
const require = createRequire(import.meta.url);

await initWasm(
  readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")),
);
const fontBytes = new Uint8Array(
  readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
);
const font = readFont(fontBytes);

let drawn = 0;

function render(svg: string, file: string) {
  const target = path.join(output, file);
  mkdirSync(path.dirname(target), { recursive: true });
  const key = createHash("sha256").update(fontBytes).update(svg).digest("hex");
  const cached = path.join(cache, `${key}.png`);
  if (existsSync(cached)) {
    copyFileSync(cached, target);
    return;
  }
  const image = new Resvg(svg, {
    font: { fontBuffers: [fontBytes], defaultFontFamily: CARD_FONT_FAMILY },
  }).render();
  if (image.width !== CARD_WIDTH || image.height !== CARD_HEIGHT)
    throw new Error(`${file} came out ${image.width}×${image.height}`);
  const png = image.asPng();
  image.free();
  writeFileSync(target, png);
  mkdirSync(cache, { recursive: true });
  writeFileSync(cached, png);
  drawn++;
}

const art = (slug: string) => {
  const iconSvg = readFileSync(
    path.join(root, "games", slug, "icon.svg"),
    "utf8",
  );
  return {
    iconSvg,
    icon: dataUrl(new TextEncoder().encode(iconSvg), "image/svg+xml"),
    poster: dataUrl(
      readFileSync(path.join(root, "public", "media", "promos", `${slug}.jpg`)),
      "image/jpeg",
    ),
  };
};

rmSync(output, { recursive: true, force: true });
const started = performance.now();
const arts = new Map(CATALOGUE.map(({ slug }) => [slug, art(slug)]));
for (const { slug, meta } of CATALOGUE) {
  const { iconSvg, icon, poster } = arts.get(slug)!;
  const game: CardGame = {
    name: meta.name,
    category: meta.category,
    icon,
    poster,
    accent: accentOf(iconSvg),
  };
  render(gameCardSvg(game, font), gameCardPath(slug).slice("/cards/".length));
}
const posters = (slugs: string[]) =>
  slugs.map((slug) => arts.get(slug)!.poster);
const icons = (slugs: string[]) => slugs.map((slug) => arts.get(slug)!.icon);
render(
  siteCardSvg(
    {
      ...SITE_CARD_TEXT.home,
      posters: posters(["color-flood", "bubble-pop", "dash-runner"]),
    },
    font,
  ),
  "home.png",
);
render(
  siteCardSvg(
    {
      ...SITE_CARD_TEXT.blog,
      icons: icons(CATALOGUE.slice(0, 9).map(({ slug }) => slug)),
    },
    font,
  ),
  "blog.png",
);
render(
  siteCardSvg(
    {
      ...SITE_CARD_TEXT.invite,
      posters: posters(["memory-match", "mole-mash", "fruit-catch"]),
    },
    font,
  ),
  "invite.png",
);
console.log(
  `Share cards: ${CATALOGUE.length + 3} in public/cards/, ${drawn} drawn anew, in ${Math.round(performance.now() - started)} ms`,
);
