import { describe, expect, it } from "vitest";
import { detailPath, originFromQuery, playPath } from "./navigation";

describe("originFromQuery", () => {
  it("defaults to the home page", () => {
    expect(originFromQuery(null)).toEqual({
      screen: "home-page",
      path: "/home-page",
      label: "Home",
    });
    expect(originFromQuery("")).toEqual({
      screen: "home-page",
      path: "/home-page",
      label: "Home",
    });
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
