import { DurableObject } from "cloudflare:workers";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { CARD_HEIGHT, CARD_WIDTH } from "#contract/cards";
import { loadCardFont } from "../cards/card-font";
import { CARD_FONT_FAMILY } from "../cards/template";

let ready: Promise<void> | null = null;

/** A picture as a card embeds it: a data: address of a kind the renderer decodes. */
const PICTURE = /^data:image\/(?:png|jpeg|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

function wasmReady(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/**
 * Draws a shared score's or a blog post's card (an SVG from workers/cards/template.ts) as a PNG (ADR 017). Drawing a 1200×630 card
 * takes a few hundred milliseconds of CPU, far more than the Workers Free plan's 10 ms a request, while a Durable
 * Object request may use 30 s. Painters keep no state: any instance can draw any card.
 */
export class CardPainter extends DurableObject<Env> {
  /**
   * Whether the renderer can decode `picture` (a data: address): a picture whose header is sound but whose pixels are
   * not would leave an empty frame on a card, so the card is drawn without it. Drawn at 8×8 and looked at: a picture
   * that decodes leaves some pixel that is not transparent.
   */
  async decodes(picture: string): Promise<boolean> {
    if (!PICTURE.test(picture)) return false;
    await wasmReady();
    const probe = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image width="8" height="8" preserveAspectRatio="none" href="${picture}"/></svg>`,
    );
    try {
      const image = probe.render();
      try {
        const pixels = image.pixels;
        for (let alpha = 3; alpha < pixels.length; alpha += 4)
          if (pixels[alpha] !== 0) return true;
        return false;
      } finally {
        image.free();
      }
    } finally {
      probe.free();
    }
  }

  async paint(svg: string): Promise<Uint8Array<ArrayBuffer>> {
    const [, font] = await Promise.all([wasmReady(), loadCardFont()]);
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
