import { describe, expect, it } from "vitest";
import { acceptGameMessage, frameOrigin, gameFrameSource, isAllowedExternalLink } from "./game-bridge";

const frame = { name: "game frame window" };
const origin = "https://playfeed.app";

describe("acceptGameMessage", () => {
  it("believes well-formed messages from the game frame", () => {
    const message = acceptGameMessage({ source: frame, origin, data: { source: "playfeed-game", type: "game_score", value: 12 } }, frame, origin);
    expect(message).toEqual({ source: "playfeed-game", type: "game_score", value: 12 });
  });

  it("ignores another window, another origin, or no frame yet", () => {
    const data = { source: "playfeed-game", type: "final_score", value: 999 };
    expect(acceptGameMessage({ source: { other: true }, origin, data }, frame, origin)).toBeNull();
    expect(acceptGameMessage({ source: frame, origin: "https://evil.example", data }, frame, origin)).toBeNull();
    expect(acceptGameMessage({ source: frame, origin, data }, null, origin)).toBeNull();
  });

  it.each([
    { source: "playfeed-game", type: "game_score", value: -1 },
    { source: "playfeed-game", type: "game_score", value: 1.5 },
    { source: "playfeed-game", type: "final_score", value: "10" },
    { source: "other-sdk", type: "ready" },
    { source: "playfeed-game", type: "launch" },
    "ready",
    null,
  ])("ignores malformed data %j", (data) => {
    expect(acceptGameMessage({ source: frame, origin, data }, frame, origin)).toBeNull();
  });
});

describe("gameFrameSource", () => {
  it("serves our games from /games and external ones from their link", () => {
    expect(gameFrameSource({ slug: "snake", type: 0, external_link: null })).toBe("/games/snake/index.html");
    expect(gameFrameSource({ slug: "x", type: 2, external_link: "https://games.example.com/x/" })).toBe("https://games.example.com/x/");
    expect(gameFrameSource({ slug: "x", type: 2, external_link: "javascript:alert(1)" })).toBeNull();
    expect(gameFrameSource({ slug: "x", type: 2, external_link: null })).toBeNull();
  });

  it("accepts plain http only from this machine", () => {
    expect(isAllowedExternalLink("http://127.0.0.1:4000/game.html")).toBe(true);
    expect(isAllowedExternalLink("http://localhost:4000/")).toBe(true);
    expect(isAllowedExternalLink("http://games.example.com/")).toBe(false);
    expect(isAllowedExternalLink("not a url")).toBe(false);
  });

  it("knows the frame's origin", () => {
    expect(frameOrigin("/games/snake/index.html", origin)).toBe(origin);
    expect(frameOrigin("https://games.example.com/x/", origin)).toBe("https://games.example.com");
  });
});
