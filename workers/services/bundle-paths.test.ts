import { describe, expect, it } from "vitest";
import { isArchiverLitter, pathProblem, servedAs } from "./bundle-paths";

describe("a path inside a game's archive", () => {
  it.each([
    "index.html",
    "Build/game.wasm",
    "TemplateData/Unity Banner.png",
    "niveaux/première.json",
  ])("%s may be stored", (path) => {
    expect(pathProblem(path)).toBeNull();
  });

  it.each([
    ["../evil.js", "climbs out of its folder with .."],
    ["a/../../evil.js", "climbs out of its folder with .."],
    ["/etc/passwd.txt", "is an absolute path (it starts with /)"],
    ["a\\b.js", "has a backslash in it (use / between folders)"],
    ["C:/game.js", "names a drive (like C:)"],
    ["a\u0007.js", "has a control character in it"],
    ["a//b.js", "has an empty or . folder in it"],
    ["./a.js", "has an empty or . folder in it"],
    [`${"a/".repeat(128)}b.js`, "is longer than 256 characters"],
  ])("%s is refused: %s", (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });
});

describe("how a stored file is served", () => {
  it.each([
    ["index.html", "text/html; charset=utf-8", null],
    ["Build/game.WASM", "application/wasm", null],
    ["Build/game.wasm.br", "application/wasm", "br"],
    ["Build/game.data.gz", "application/octet-stream", "gzip"],
    ["archive/game.arcd12", "application/octet-stream", null],
  ])("%s as %s", (path, type, encoding) => {
    expect(servedAs(path)).toEqual({ type, encoding });
  });

  it.each([
    "tool.exe",
    "x.exe.gz",
    "page.php",
    "run.sh",
    "LICENSE",
    "a.br",
    "x.html5",
    "x.js2",
  ])("%s not at all", (path) => {
    expect(servedAs(path)).toBeNull();
  });
});

it("leaves out what archivers and other hosts add", () => {
  for (const path of [
    "__MACOSX/game/._index.html",
    "game/.DS_Store",
    "Thumbs.db",
    "game/.htaccess",
    "_headers",
  ])
    expect(isArchiverLitter(path), path).toBe(true);
  expect(isArchiverLitter("game/index.html")).toBe(false);
});
