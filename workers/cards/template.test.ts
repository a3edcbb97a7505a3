import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { readFont } from "./font";
import { drawableTitle, postCardSvg, type CardPost } from "./post-card";
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

  it("draws a score beside the game's icon, never its poster, whose in-game numbers would stand beside the score", () => {
    const svg = scoreCardSvg(
      {
        ...game,
        icon: "data:image/png;base64,ICON",
        poster: "data:image/jpeg;base64,POSTER",
      },
      { player: "Ava Stone", score: 1, levels: false, caption: "scored" },
      font,
    );
    expect(svg).toContain(
      'width="320" height="320" href="data:image/png;base64,ICON"',
    );
    expect(svg).not.toContain("POSTER");
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

describe("a blog post's card", () => {
  const post: CardPost = {
    title: "Five tips for Tower Stack",
    author: "Maya Fields",
    tag: "tips",
    poster: null,
    icons: ["data:image/svg+xml;base64,PHN2Zy8+"],
  };
  const poster = (width: number, height: number) => ({
    href: "data:image/png;base64,iVBORw0KGgo=",
    width,
    height,
  });
  /** The drawn texts of an SVG, in order. */
  const texts = (svg: string) =>
    [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map(([, value]) => value);
  /** The title's lines: the texts drawn at the title's size (the largest on the card). */
  const titleOf = (svg: string) => {
    const sizes = [...svg.matchAll(/font-size="(\d+)"[^>]*>([^<]*)</g)];
    const largest = Math.max(...sizes.map(([, size]) => Number(size)));
    return sizes
      .filter(([, size]) => Number(size) === largest)
      .map(([, , value]) => value);
  };

  it("says the blog, the first tag, the title and who wrote it, with the blog's brand", () => {
    const svg = postCardSvg(post, font);
    expect(texts(svg)).toEqual([
      "THE BLOG",
      "TIPS",
      ...titleOf(svg),
      "By Maya Fields",
      "Playfeed blog",
    ]);
    expect(titleOf(svg).join(" ")).toBe("Five tips for Tower Stack");
  });

  it("cuts a title too long for three lines with an ellipsis, and a long name too", () => {
    const svg = postCardSvg(
      {
        ...post,
        title:
          "A very long title about the leaderboards, the weekly tournaments, the daily bonus and everything else we shipped",
        author: "Bartholomew Maximilian Featherstonehaugh-Smythe of Somewhere",
      },
      font,
    );
    const lines = titleOf(svg);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^A very long title/);
    expect(lines[2]).toMatch(/\S…$/);
    const size = Number(/font-size="(\d+)"[^>]*>A very/.exec(svg)![1]);
    for (const line of lines)
      expect(font.width(line, size)).toBeLessThanOrEqual(560);
    expect(svg).toMatch(/>By Bartholomew [^<]*…</);
    // One word longer than a line is cut inside the word.
    const word = titleOf(
      postCardSvg({ ...post, title: "Supercalifragilistic".repeat(5) }, font),
    );
    expect(word).toHaveLength(1);
    expect(word[0]).toMatch(/^Supercalifragilistic.*…$/);
  });

  it("draws no empty boxes: a name or title the font cannot draw gives way to words of its own", () => {
    expect(drawableTitle("新しいゲーム", font)).toBeNull();
    expect(drawableTitle("Level up 🎮🔥 today 👍🏽", font)).toBe(
      "Level up today",
    );
    expect(drawableTitle("Ольга: как играть", font)).toBe("Ольга: как играть");
    const svg = postCardSvg(
      {
        ...post,
        title: drawableTitle("新しいゲーム", font),
        author: drawableName("山田 太郎", font),
      },
      font,
    );
    expect(titleOf(svg).join(" ")).toBe("A new post on the Playfeed blog");
    expect(svg).toContain(">By a Playfeed writer<");
    expect(svg).not.toMatch(/[\u3000-\u9fff]/u);
  });

  it("escapes what it writes", () => {
    const svg = postCardSvg({ ...post, title: `<i>"A" & 'B'</i>` }, font);
    expect(titleOf(svg).join(" ")).toBe(
      "&lt;i&gt;&quot;A&quot; &amp; &apos;B&apos;&lt;/i&gt;",
    );
    expect(svg).not.toContain("<i>");
  });

  it("without a poster shows the games' icons, with one crops it to fill a framed panel", () => {
    const bare = postCardSvg(post, font);
    expect(bare).not.toContain("post-poster");
    expect(bare).toContain(`href="${post.icons[0]}"`);
    const portrait = postCardSvg({ ...post, poster: poster(300, 500) }, font);
    expect(portrait).toMatch(
      /<g clip-path="url\(#post-poster\)"><image x="704" y="92" width="416" height="446" preserveAspectRatio="xMidYMid slice" href="data:image\/png;base64,[^"]+"\/><\/g>/,
    );
    expect(portrait).toContain('<clipPath id="post-poster">');
    expect(portrait).not.toContain(`href="${post.icons[0]}"`);
    // A wide poster gets a wide panel, no wider than 16:9, so a 1200×630 picture loses little.
    const wide = postCardSvg({ ...post, poster: poster(1200, 630) }, font);
    expect(wide).toMatch(/<image x="620" y="175" width="500" height="281" /);
    // A phone photo stored on its side is turned upright: its pixels fill the panel's transpose, turned a quarter.
    const turned = postCardSvg(
      { ...post, poster: { ...poster(3024, 4032), orientation: 6 } },
      font,
    );
    expect(turned).toContain(
      '<image x="689" y="107" width="446" height="416" preserveAspectRatio="xMidYMid slice" transform="translate(912 315) rotate(90) translate(-912 -315)"',
    );
    const mirrored = postCardSvg(
      { ...post, poster: { ...poster(3024, 4032), orientation: 7 } },
      font,
    );
    expect(mirrored).toContain(
      'transform="translate(912 315) scale(-1 1) rotate(-90) translate(-912 -315)"',
    );
  });
});
