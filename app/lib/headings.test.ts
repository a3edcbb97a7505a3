import { describe, expect, it } from "vitest";
import { createHeadingLeveller, fitHeadings } from "./headings";

describe("headings fitted under a page's own", () => {
  it("starts at the level given and never steps down more than one level at a time", () => {
    expect(
      fitHeadings(
        "<h3>Feed</h3><p>x</p><h4>Tips</h4><h2>Games</h2><h4>More</h4>",
        2,
      ),
    ).toBe("<h2>Feed</h2><p>x</p><h3>Tips</h3><h2>Games</h2><h3>More</h3>");
  });

  it("never goes above the level given, under a section's h2", () => {
    expect(fitHeadings("<h2>Controls</h2><h4>Keys</h4><h3>Touch</h3>", 3)).toBe(
      "<h3>Controls</h3><h4>Keys</h4><h4>Touch</h4>",
    );
  });

  it("carries the outline across the blocks of one post", () => {
    const fit = createHeadingLeveller(2);
    expect(fit("<h2>One</h2>")).toBe("<h2>One</h2>");
    expect(fit("<h4>Deeper</h4><p>text</p>")).toBe(
      "<h3>Deeper</h3><p>text</p>",
    );
    // A sibling of the last, then one under it.
    expect(fit("<h4>Beside it</h4><h5>Under it</h5>")).toBe(
      "<h3>Beside it</h3><h4>Under it</h4>",
    );
  });

  it("keeps attributes and leaves HTML without headings as it is", () => {
    expect(fitHeadings('<H4 id="a">A</H4>', 2)).toBe('<h2 id="a">A</h2>');
    expect(fitHeadings("<p>Plain <strong>text</strong></p>", 2)).toBe(
      "<p>Plain <strong>text</strong></p>",
    );
    expect(fitHeadings("<hr><header>x</header>", 2)).toBe(
      "<hr><header>x</header>",
    );
  });
});
