import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./html";

describe("sanitizeHtml", () => {
  it("keeps simple formatting", () => {
    expect(
      sanitizeHtml("<p>Tap <strong>fast</strong></p><ul><li>one</li></ul>"),
    ).toBe("<p>Tap <strong>fast</strong></p><ul><li>one</li></ul>");
  });

  it("keeps a post's section headings, h2 under the page's h1, and the levels below", () => {
    expect(sanitizeHtml("<h2>Tips</h2><h3>One</h3><h4>Two</h4>")).toBe(
      "<h2>Tips</h2><h3>One</h3><h4>Two</h4>",
    );
  });

  it.each([
    ["<p>hi</p><script>alert(1)</script>", "<p>hi</p>"],
    ['<img src=x onerror="alert(1)">', ""],
    ['<p onclick="alert(1)" style="color:red">x</p>', "<p>x</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["<iframe src=//evil></iframe>ok", "ok"],
    ["<style>body{display:none}</style>ok", "ok"],
    ["<svg><script>alert(1)</script></svg>", ""],
  ])("removes what could run: %s", (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it("opens outside links safely", () => {
    expect(sanitizeHtml('<a href="https://example.com">site</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">site</a>',
    );
  });
});
