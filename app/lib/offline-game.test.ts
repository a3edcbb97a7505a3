// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { inlineScriptText, offlineGameDocument } from "./offline-game";

const FILES: Record<string, string> = {
  "/games/snake/": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Neon Snake</title><style>body{margin:0}</style></head><body><script src="/sdk/playfeed-sdk.js"></script><script src="game.js"></script></body></html>`,
  "/sdk/playfeed-sdk.js": "window.sdk = 1;",
  "/games/snake/game.js": 'window.game = "</script><!-- not the end";',
};

const load = (url: string) => {
  const file = FILES[new URL(url).pathname];
  return file === undefined
    ? Promise.reject(new Error(`no ${url}`))
    : Promise.resolve(file);
};

describe("offlineGameDocument", () => {
  it("puts the game's scripts inline, in order, with the page's nonce, under a base in the game's folder", async () => {
    const html = await offlineGameDocument("/games/snake/", "n0nce", load);
    const page = new DOMParser().parseFromString(html, "text/html");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(page.title).toBe("Neon Snake");
    expect(page.querySelector("style")?.textContent).toBe("body{margin:0}");
    expect(page.querySelector("base")?.getAttribute("href")).toBe(
      `${window.location.origin}/games/snake/`,
    );
    const scripts = Array.from(page.querySelectorAll("script"));
    expect(scripts.map((script) => script.getAttribute("src"))).toEqual([
      null,
      null,
    ]);
    expect(scripts.map((script) => script.getAttribute("nonce"))).toEqual([
      "n0nce",
      "n0nce",
    ]);
    expect(scripts.map((script) => script.textContent)).toEqual([
      "window.sdk = 1;",
      'window.game = "<\\/script><\\!-- not the end";',
    ]);
  });

  it("fails when a file has not been kept", async () => {
    await expect(
      offlineGameDocument("/games/tower-stack/", "n0nce", load),
    ).rejects.toThrow("no ");
  });
});

describe("inlineScriptText", () => {
  it("escapes what would end or disturb a script element, whatever its case", () => {
    expect(inlineScriptText('a = "</SCRIPT>"; b = /<!--/;')).toBe(
      'a = "<\\/SCRIPT>"; b = /<\\!--/;',
    );
    expect(inlineScriptText("plain()")).toBe("plain()");
  });
});
