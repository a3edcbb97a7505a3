import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { readFont } from "./font";
import {
  accentOf,
  drawableName,
  gameCardSvg,
  scoreCardSvg,
  type CardGame,
} from "./template";

const font = readFont(
  readFileSync(
    createRequire(import.meta.url).resolve(
      "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
    ),
  ),
);

const game: CardGame = {
  name: "Neon Snake",
  category: "Arcade",
  icon: null,
  poster: null,
  accent: "#4ade80",
};

describe("drawableName", () => {
  it("keeps a name the font can draw, tidied to one line", () => {
    expect(drawableName("  Ava   Stone ", font)).toBe("Ava Stone");
    expect(drawableName("Ольга Смирнова", font)).toBe("Ольга Смирнова");
    expect(drawableName("José\u0301", font)).toBe("José́");
    expect(drawableName("Line\nbreak\u0007", font)).toBe("Line break");
  });

  it("gives up on a name with a character the font lacks, so the card draws no empty boxes", () => {
    expect(drawableName("山田 太郎", font)).toBeNull();
    expect(drawableName("สมชาย", font)).toBeNull();
    expect(drawableName("\u200b", font)).toBeNull();
  });
});

describe("accentOf", () => {
  it("takes the icon's first vivid colour, past its dark background", () => {
    expect(
      accentOf(
        '<stop stop-color="#0f766e"/><stop stop-color="#0a1416"/><path stroke="#4ade80"/><circle fill="#ff4d8d"/>',
      ),
    ).toBe("#4ade80");
    expect(accentOf('<rect fill="#123"/>')).toBe("#112233");
    expect(accentOf(null)).toBe("#8b5cf6");
  });
});

describe("the cards' SVG", () => {
  it("escapes what it writes, so a name cannot add markup", () => {
    const svg = scoreCardSvg(
      game,
      { player: `<a href="x">&'`, score: 42, levels: false, caption: "scored" },
      font,
    );
    expect(svg).toContain("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    expect(svg).not.toContain('<a href="x">');
  });

  it("says who scored what, or 'A Playfeed player' when the name cannot be drawn", () => {
    const named = scoreCardSvg(
      game,
      { player: "Ava Stone", score: 12345, levels: false, caption: "scored" },
      font,
    );
    expect(named).toContain(">Ava Stone<");
    expect(named).toContain(">12,345<");
    const unnamed = scoreCardSvg(
      { ...game, name: "Brick Breaker" },
      { player: null, score: 7, levels: true, caption: "reached" },
      font,
    );
    expect(unnamed).toContain(">A Playfeed player<");
    expect(unnamed).toContain(">Level 7<");
  });

  it("cuts a name too long for its line with an ellipsis, and splits a long game title over two lines", () => {
    const svg = scoreCardSvg(
      game,
      {
        player: "Bartholomew Maximilian Featherstonehaugh-Smythe",
        score: 1,
        levels: false,
        caption: "scored",
      },
      font,
    );
    expect(svg).toMatch(/>Bartholomew [^<]*…</);
    const card = gameCardSvg(
      { ...game, name: "The Extraordinarily Long Adventure" },
      font,
    );
    expect(card).toContain(">The Extraordinarily<");
    expect(card).toContain(">Long Adventure<");
  });
});
