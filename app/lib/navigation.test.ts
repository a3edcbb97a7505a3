import { describe, expect, it } from "vitest";
import { detailPath, originFromQuery, playPath } from "./navigation";

describe("originFromQuery", () => {
  it("defaults to the feed (home-page)", () => {
    expect(originFromQuery(null)).toEqual({
      screen: "home-page",
      path: "/home-page",
      label: "Feed",
    });
    expect(originFromQuery("")).toEqual({
      screen: "home-page",
      path: "/home-page",
      label: "Feed",
    });
  });

  it("returns to the games-by-category home at / and to a publisher's page", () => {
    expect(originFromQuery("index")).toEqual({
      screen: "index",
      path: "/",
      label: "Home",
    });
    expect(originFromQuery("publisher-12")).toEqual({
      screen: "publisher-12",
      path: "/publisher/12",
      label: "Publisher",
    });
    expect(originFromQuery("publisher-x").path).toBe("/publisher-x");
  });

  it("returns to a named screen", () => {
    expect(originFromQuery("home")).toEqual({
      screen: "home",
      path: "/home",
      label: "Games",
    });
    expect(originFromQuery("likes").path).toBe("/likes");
  });

  it("never leaves the origin", () => {
    for (const hostile of [
      "//evil.example",
      "https://evil.example",
      "/home",
      "home/../x",
      "javascript:alert(1)",
    ]) {
      expect(originFromQuery(hostile).path).toBe("/home-page");
    }
  });
});

describe("game paths", () => {
  it("builds detail and play addresses", () => {
    expect(detailPath(7)).toBe("/detail/7?_sF=home-page");
    expect(detailPath(7, "home")).toBe("/detail/7?_sF=home");
    expect(playPath(7)).toBe("/play/7?type=0");
  });
});
