import { describe, expect, it } from "vitest";
import { matchCodeOf, safeRedirect, withRedirect } from "./redirect";

const CODE = "abcdefghijABCDEFGHIJ_-";

describe("safeRedirect", () => {
  it("keeps a path of this site, query included", () => {
    expect(safeRedirect(`/match/${CODE}`)).toBe(`/match/${CODE}`);
    expect(safeRedirect("/detail/3?_sF=home-page")).toBe(
      "/detail/3?_sF=home-page",
    );
  });

  it("refuses anything that could leave the site", () => {
    for (const to of [
      "//evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\tevil",
      "/\n/evil.example",
      " /home",
      "",
      null,
      undefined,
      `/${"a".repeat(600)}`,
    ])
      expect(safeRedirect(to), String(to)).toBe("/home");
  });

  it("answers the fallback it is given", () => {
    expect(safeRedirect("//evil.example", "")).toBe("");
  });
});

describe("matchCodeOf", () => {
  it("reads a match link's code and nothing else", () => {
    expect(matchCodeOf(`/match/${CODE}`)).toBe(CODE);
    expect(matchCodeOf("/match/new")).toBeNull();
    expect(matchCodeOf(`/match/${CODE}/x`)).toBeNull();
    expect(matchCodeOf(`/detail/${CODE}`)).toBeNull();
    expect(matchCodeOf("/home")).toBeNull();
  });
});

describe("withRedirect", () => {
  it("carries the target in the query, encoded", () => {
    expect(withRedirect("/registration", "/match/a?b=1")).toBe(
      "/registration?redirectTo=%2Fmatch%2Fa%3Fb%3D1",
    );
    expect(withRedirect("/registration", null)).toBe("/registration");
  });
});
