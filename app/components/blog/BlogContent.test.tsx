// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoot } from "../../../tests/setup/components";
import { BlogContent } from "./BlogContent";

afterEach(cleanup);

describe("a post's content", () => {
  it("puts the writer's headings under the post's h1 without skipping a level, across its blocks", async () => {
    renderInRoot(
      <>
        <h1>Welcome</h1>
        <BlogContent
          blocks={[
            {
              id: "a",
              type: "text",
              content: "<h3>The feed</h3><p>Swipe.</p>",
            },
            {
              id: "b",
              type: "img",
              content: "/media/blog/x.jpg",
              alt: "A feed",
            },
            {
              id: "c",
              type: "text",
              content: "<h4>Sideways</h4><p>Drawers.</p><h3>Games</h3>",
            },
          ]}
        />
      </>,
    );
    await screen.findByRole("heading", { level: 1, name: "Welcome" });
    expect(
      screen
        .getAllByRole("heading")
        .map((heading) => `${heading.tagName} ${heading.textContent}`),
    ).toEqual(["H1 Welcome", "H2 The feed", "H3 Sideways", "H2 Games"]);
    expect(screen.getByRole("img", { name: "A feed" })).toBeTruthy();
  });
});
