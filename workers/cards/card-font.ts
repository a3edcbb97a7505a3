import { type FontMetrics, readFont } from "./font";

export interface CardFont {
  bytes: Uint8Array;
  metrics: FontMetrics;
}

let loaded: Promise<CardFont> | null = null;

/**
 * The shipped card font (ADR 017), bundled as bytes by wrangler.toml's Data rule: what CardPainter draws with and what
 * layouts measure with. Imported on first use, so that what only wires services (vite.config's dev proxy loads
 * workers/context.ts in Node) never loads a font file. (vite/client's typings call every `*.ttf` import an address;
 * in the Worker it is the bytes.)
 */
export function loadCardFont(): Promise<CardFont> {
  loaded ??= import("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf").then(
    ({ default: font }) => {
      const bytes = new Uint8Array(font as unknown as ArrayBuffer);
      return { bytes, metrics: readFont(bytes) };
    },
  );
  return loaded;
}
