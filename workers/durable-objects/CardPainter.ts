import { DurableObject } from "cloudflare:workers";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { CARD_HEIGHT, CARD_WIDTH } from "#contract/cards";
import { loadCardFont } from "../cards/card-font";
import { CARD_FONT_FAMILY } from "../cards/template";

let ready: Promise<void> | null = null;

/**
 * Draws a shared score's card (an SVG from workers/cards/template.ts) as a PNG (ADR 017). Drawing a 1200×630 card
 * takes a few hundred milliseconds of CPU, far more than the Workers Free plan's 10 ms a request, while a Durable
 * Object request may use 30 s. Painters keep no state: any instance can draw any card.
 */
export class CardPainter extends DurableObject<Env> {
  async paint(svg: string): Promise<Uint8Array<ArrayBuffer>> {
    ready ??= initWasm(resvgWasm).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    const [, font] = await Promise.all([ready, loadCardFont()]);
    const renderer = new Resvg(svg, {
      font: { fontBuffers: [font.bytes], defaultFontFamily: CARD_FONT_FAMILY },
    });
    try {
      const image = renderer.render();
      try {
        if (image.width !== CARD_WIDTH || image.height !== CARD_HEIGHT)
          throw new Error(`A card came out ${image.width}×${image.height}`);
        return new Uint8Array(image.asPng());
      } finally {
        image.free();
      }
    } finally {
      renderer.free();
    }
  }
}
