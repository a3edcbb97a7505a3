import { formatNumber } from "#contract/format";
import { CARD_HEIGHT, CARD_WIDTH } from "#contract/cards";
import type { FontMetrics } from "./font";

/*
 * The share cards (1200×630) as SVG, drawn by resvg with the one font we ship (DejaVu Sans Bold, from the
 * dejavu-fonts-ttf package; ADR 017): the game cards and the site's own cards at build time
 * (scripts/build-cards.ts), a shared score's card at share time (CardPainter). Both run this code, so the two kinds
 * look alike. Nothing here reads a file or the clock: callers hand in the art as data: addresses.
 */

/** The family name resvg knows the shipped font by. */
export const CARD_FONT_FAMILY = "DejaVu Sans";

export const COLOURS = {
  ground: "#0a0b17",
  surface: "#141731",
  frame: "#252a52",
  text: "#f3f4ff",
  muted: "#a9aed3",
  accentText: "#f0abfc",
  violet: "#8b5cf6",
  magenta: "#d946ef",
  pink: "#ec4899",
};

/** A game as its cards show it; the art is optional, a game from elsewhere may have none of ours. */
export interface CardGame {
  name: string;
  category: string;
  /** The game's icon (an SVG or a picture) as a data: address. */
  icon: string | null;
  /** Its promo poster (portrait, 9:16) as a data: address. */
  poster: string | null;
  /** A colour taken from the icon, for the glow behind the art. */
  accent: string;
}

export interface CardScore {
  /** The player's name as it may be drawn, or null when the font cannot draw it (see `drawableName`). */
  player: string | null;
  score: number;
  /** SPEC.md §3 leaderboard_type 2 counts levels, not points. */
  levels: boolean;
  /** The words between the name and the score: "scored", "reached", "won the match with". */
  caption: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "'": "&apos;",
      })[char]!,
  );

/** `bytes` as a data: address; btoa exists in Node and in workerd alike. */
export function dataUrl(bytes: Uint8Array, type: string): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/**
 * The icon's main bright colour (#rgb or #rrggbb), for the card's glow: the first one vivid enough, since an icon's
 * background is usually dark and its figure comes next, before small highlights; else the most vivid one; the brand
 * violet when it names none.
 */
const VIVID = 0.5;

export function accentOf(iconSvg: string | null): string {
  let best = COLOURS.violet;
  let bestScore = -1;
  for (const [, hex] of (iconSvg ?? "").matchAll(
    /#([0-9a-f]{6}|[0-9a-f]{3})\b/gi,
  )) {
    const full =
      hex.length === 3
        ? hex
            .split("")
            .map((c) => c + c)
            .join("")
        : hex;
    const [r, g, b] = [0, 2, 4].map(
      (at) => parseInt(full.slice(at, at + 2), 16) / 255,
    );
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    // Saturation times brightness: a bright, clean colour beats a grey or a dark one.
    const score = (max === 0 ? 0 : (max - min) / max) * max;
    if (score >= VIVID) return `#${full.toLowerCase()}`;
    if (score > bestScore) {
      bestScore = score;
      best = `#${full.toLowerCase()}`;
    }
  }
  return best;
}

/**
 * A player's name as the card can draw it: one line of letters, marks, digits, punctuation and spaces, or null when
 * the font lacks a glyph for any of it (a name in a script the shipped font does not cover, such as Chinese or
 * Devanagari). Then the card says "A Playfeed player" rather than draw empty boxes; the page itself, and the title
 * and description a link preview shows in the viewer's own fonts, still carry the real name.
 */
export function drawableName(name: string, font: FontMetrics): string | null {
  const cleaned = name
    .normalize("NFC")
    .replace(/\s+/gu, " ")
    .replace(/[^\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();
  if (!cleaned) return null;
  for (const char of cleaned) if (!font.has(char.codePointAt(0)!)) return null;
  return cleaned;
}

/** The largest size from `sizes` at which `text` fits `width`; at the smallest, the text is cut with an ellipsis. */
export function fit(
  text: string,
  font: FontMetrics,
  width: number,
  sizes: number[],
  letterSpacing = 0,
): { text: string; size: number } {
  const measure = (value: string, size: number) =>
    font.width(value, size) + letterSpacing * [...value].length;
  for (const size of sizes)
    if (measure(text, size) <= width) return { text, size };
  const size = sizes[sizes.length - 1];
  const chars = [...text];
  while (
    chars.length > 1 &&
    measure(`${chars.join("").trimEnd()}…`, size) > width
  )
    chars.pop();
  return { text: `${chars.join("").trimEnd()}…`, size };
}

/**
 * Splits a title over at most `maxLines` lines of `width`, each as large as all the lines allow (one line only at one
 * of the three largest sizes, and fewer lines rather than slightly larger ones). Too long even at the smallest size, it takes `maxLines` lines there and the last is cut
 * with an ellipsis.
 */
export function titleLines(
  text: string,
  font: FontMetrics,
  width: number,
  sizes: number[],
  maxLines = 2,
): { lines: string[]; size: number } {
  const one = fit(text, font, width, sizes.slice(0, 3));
  if (one.text === text) return { lines: [text], size: one.size };
  // Fewer lines first, as long as the text stays large: n lines (short of the most) only at the 2n + 1 largest sizes.
  for (let count = 2; count <= maxLines; count++) {
    const allowed = count < maxLines ? sizes.slice(0, 2 * count + 1) : sizes;
    for (const size of allowed) {
      const lines = wrap(text, font, size, width);
      if (
        lines.length <= count &&
        lines.every((line) => font.width(line, size) <= width)
      )
        return { lines, size };
    }
  }
  const size = sizes[sizes.length - 1];
  const wrapped = wrap(text, font, size, width);
  const lines = wrapped.slice(0, maxLines - 1);
  // A word too long for any line is cut, and the title ends there.
  const cut = lines.findIndex((line) => font.width(line, size) > width);
  if (cut !== -1) {
    lines.splice(cut);
    lines.push(fit(wrapped[cut], font, width, [size]).text);
  } else
    lines.push(
      cutAtWord(wrapped.slice(maxLines - 1).join(" "), font, width, size),
    );
  return { lines, size };
}

/** `text` if it fits `width`, else as many of its words as fit with an ellipsis after them (or cut inside one word). */
function cutAtWord(
  text: string,
  font: FontMetrics,
  width: number,
  size: number,
): string {
  if (font.width(text, size) <= width) return text;
  const words = text.split(" ");
  for (let count = words.length - 1; count >= 1; count--) {
    const line = `${words
      .slice(0, count)
      .join(" ")
      .replace(/[\s,;:.–—-]+$/u, "")}…`;
    if (font.width(line, size) <= width) return line;
  }
  return fit(text, font, width, [size]).text;
}

export const text = (
  x: number,
  y: number,
  value: string,
  size: number,
  fill: string,
  extra = "",
) =>
  `<text x="${x}" y="${y}" font-family="${CARD_FONT_FAMILY}" font-weight="bold" font-size="${size}" fill="${fill}"${extra ? ` ${extra}` : ""}>${escapeXml(value)}</text>`;

export function frame(body: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<defs>
  <radialGradient id="glow-accent" cx="0.78" cy="0.3" r="0.62"><stop offset="0" stop-color="${accent}" stop-opacity="0.42"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
  <radialGradient id="glow-brand" cx="0.06" cy="1" r="0.7"><stop offset="0" stop-color="${COLOURS.violet}" stop-opacity="0.38"/><stop offset="1" stop-color="${COLOURS.violet}" stop-opacity="0"/></radialGradient>
  <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLOURS.violet}"/><stop offset="0.55" stop-color="${COLOURS.magenta}"/><stop offset="1" stop-color="${COLOURS.pink}"/></linearGradient>
  <linearGradient id="brand-text" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c4b5fd"/><stop offset="0.5" stop-color="#f0abfc"/><stop offset="1" stop-color="#f9a8d4"/></linearGradient>
  <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="18" stdDeviation="18" flood-color="#000" flood-opacity="0.6"/></filter>
</defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.ground}"/>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#glow-accent)"/>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#glow-brand)"/>
${body}
</svg>`;
}

/** The Playfeed mark and name, bottom left, as on every card. */
export function brand(x: number, y: number, label = "Playfeed"): string {
  return `<g transform="translate(${x} ${y})">
  <rect width="44" height="44" rx="12" fill="url(#brand)"/>
  <path d="M17.2 13.5v17a1.1 1.1 0 0 0 1.7 1l13.2-8.5a1.1 1.1 0 0 0 0-1.9l-13.2-8.5a1.1 1.1 0 0 0-1.7 1Z" fill="#fff"/>
  <circle cx="11.7" cy="32.3" r="2.7" fill="#fff" fill-opacity=".55"/>
  ${text(60, 33, label, 30, COLOURS.text)}
</g>`;
}

/** A phone-shaped frame around a portrait poster, tilted by `angle` degrees about its centre. */
function phone(
  id: string,
  poster: string,
  x: number,
  y: number,
  width: number,
  angle: number,
): string {
  const height = Math.round((width * 16) / 9);
  const border = Math.round(width / 36);
  const radius = Math.round(width / 8);
  const cx = x + width / 2;
  const cy = y + height / 2;
  return `<g transform="rotate(${angle} ${cx} ${cy})">
  <clipPath id="${id}"><rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}"/></clipPath>
  <rect x="${x - border}" y="${y - border}" width="${width + 2 * border}" height="${height + 2 * border}" rx="${radius + border}" fill="${COLOURS.frame}" filter="url(#shadow)"/>
  <image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${id})" href="${poster}"/>
</g>`;
}

function icon(game: CardGame, x: number, y: number, size: number): string {
  if (game.icon)
    return `<image x="${x}" y="${y}" width="${size}" height="${size}" href="${game.icon}" filter="url(#shadow)"/>`;
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.22}" fill="url(#brand)" filter="url(#shadow)"/>`;
}

/** A small rounded label such as the game's category. */
export function pill(
  x: number,
  y: number,
  label: string,
  font: FontMetrics,
  colour: string,
): string {
  const size = 20;
  const spacing = 3;
  const upper = label.toUpperCase();
  const width = font.width(upper, size) + spacing * [...upper].length + 40;
  return `<rect x="${x}" y="${y}" width="${width.toFixed(0)}" height="40" rx="20" fill="${colour}" fill-opacity="0.16" stroke="${colour}" stroke-opacity="0.5" stroke-width="2"/>
${text(x + 20, y + 27, upper, size, COLOURS.accentText, `letter-spacing="${spacing}"`)}`;
}

/** The game's poster in a phone on the right, or its icon, large, where it has no poster. */
function art(game: CardGame): string {
  if (game.poster) return phone("poster", game.poster, 846, 46, 290, 4);
  return icon(game, 820, 150, 320);
}

/** /cards/games/{slug}.png: the game's art, name and category, and where to play it. */
export function gameCardSvg(game: CardGame, font: FontMetrics): string {
  const title = titleLines(game.name, font, 660, [92, 84, 76, 68, 60, 52]);
  const lineHeight = Math.round(title.size * 1.08);
  const titleTop = 316;
  const lines = title.lines
    .map((line, i) =>
      text(
        80,
        titleTop + title.size * 0.8 + i * lineHeight,
        line,
        title.size,
        COLOURS.text,
        `letter-spacing="-1"`,
      ),
    )
    .join("\n");
  const below =
    titleTop + title.size * 0.8 + (title.lines.length - 1) * lineHeight + 62;
  return frame(
    `${art(game)}
${icon(game, 80, 72, 150)}
${pill(80, 250, game.category, font, game.accent)}
${lines}
${text(80, below, "Free to play in your browser", 30, COLOURS.muted)}
${brand(80, 530)}`,
    game.accent,
  );
}

/** A shared score's card: the game, the player and the score, and a dare to beat it. */
export function scoreCardSvg(
  game: CardGame,
  result: CardScore,
  font: FontMetrics,
): string {
  const gameName = fit(game.name, font, 520, [40, 36, 32, 28]);
  const who = result.player
    ? fit(result.player, font, 640, [48, 44, 40, 36, 32])
    : { text: "A Playfeed player", size: 44 };
  const value = result.levels
    ? `Level ${formatNumber(result.score)}`
    : formatNumber(result.score);
  const big = fit(value, font, 680, [150, 136, 120, 104, 92, 80], -3);
  // The icon, not the poster: a poster is a frame of play whose own score would sit beside the one shared.
  return frame(
    `${icon(game, 820, 150, 320)}
${icon(game, 80, 64, 96)}
${text(200, 108, gameName.text, gameName.size, COLOURS.text)}
${text(201, 144, game.category.toUpperCase(), 20, COLOURS.accentText, `letter-spacing="3"`)}
${text(80, 252, who.text, who.size, COLOURS.text)}
${text(80, 296, result.caption, 30, COLOURS.muted)}
${text(74, 296 + big.size * 0.86, big.text, big.size, "url(#brand-text)", `letter-spacing="-3"`)}
<rect x="80" y="500" width="360" height="72" rx="36" fill="url(#brand)"/>
${text(112, 547, "Can you beat it?", 30, "#ffffff")}
${brand(476, 514)}`,
    game.accent,
  );
}

/** The site's own cards (home, blog list, invite): a headline, a line under it, and some of the games' art. */
export interface SiteCard {
  kicker: string;
  headline: string[];
  lead: string;
  /** Posters for the fan of phones on the right (three), or icons for a grid (up to nine). */
  posters?: string[];
  icons?: string[];
  brand?: string;
}

export function siteCardSvg(card: SiteCard, font: FontMetrics): string {
  const sizes = [76, 68, 60, 54];
  const size =
    sizes.find((candidate) =>
      card.headline.every((line) => font.width(line, candidate) <= 600),
    ) ?? sizes[sizes.length - 1];
  const lineHeight = Math.round(size * 1.1);
  const headline = card.headline
    .map((line, i) =>
      text(
        80,
        164 + size * 0.8 + i * lineHeight,
        line,
        size,
        i === card.headline.length - 1 ? "url(#brand-text)" : COLOURS.text,
        `letter-spacing="-1"`,
      ),
    )
    .join("\n");
  const leadTop =
    164 + size * 0.8 + (card.headline.length - 1) * lineHeight + 66;
  const leadLines = wrap(card.lead, font, 26, 600);
  if (leadLines.length > 3)
    throw new Error(`"${card.lead}" takes more than three lines`);
  const lead = leadLines
    .map((line, i) => text(80, leadTop + i * 38, line, 26, COLOURS.muted))
    .join("\n");
  const posters = card.posters ?? [];
  const fan = posters
    .slice(0, 3)
    .map((poster, i) =>
      phone(
        `fan-${i}`,
        poster,
        700 + i * 136,
        i === 1 ? 96 : 136,
        200,
        (i - 1) * 7,
      ),
    );
  // The middle phone goes last, on top of the other two.
  const fanOrdered = fan.length === 3 ? [fan[0], fan[2], fan[1]] : fan;
  const grid = (card.icons ?? [])
    .slice(0, 9)
    .map((source, i) => {
      const x = 720 + (i % 3) * 140;
      const y = 100 + Math.floor(i / 3) * 150;
      return `<image x="${x}" y="${y}" width="116" height="116" href="${source}" filter="url(#shadow)"/>`;
    })
    .join("\n");
  return frame(
    `${fanOrdered.join("\n")}
${grid}
${text(80, 124, card.kicker.toUpperCase(), 22, COLOURS.accentText, `letter-spacing="4"`)}
${headline}
${lead}
${brand(80, 530, card.brand)}`,
    COLOURS.magenta,
  );
}

/** Greedy word wrap to `width` at `size`. */
function wrap(
  value: string,
  font: FontMetrics,
  size: number,
  width: number,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.width(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
