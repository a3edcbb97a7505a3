import { describe, expect, it } from "vitest";
import {
  BlogCreateSchema,
  formatBlogDate,
  imageOwner,
  parseTagList,
  publishProblem,
  slugify,
} from "./blog";

describe("slugify", () => {
  it.each([
    [
      "Neon Snake: five habits of high scorers",
      "neon-snake-five-habits-of-high-scorers",
    ],
    ["  Crème brûlée & Co.  ", "creme-brulee-co"],
    ["Don't stop!", "dont-stop"],
    ["这是标题", "post"],
    ["", "post"],
  ])("%j → %j", (title, slug) => expect(slugify(title)).toBe(slug));

  it("keeps addresses short without a dangling hyphen", () => {
    const slug = slugify(`${"word ".repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("post rules", () => {
  it("reads the editor's tag field as lower-case tags without repeats", () => {
    expect(parseTagList(" Tips, puzzle ,tips,, Neon  Snake ")).toEqual([
      "tips",
      "puzzle",
      "neon snake",
    ]);
  });

  it("tells whose upload an image path is", () => {
    expect(imageOwner("blog/12/0f4c3b2a-1111-4222-8333-444455556666.png")).toBe(
      12,
    );
    expect(imageOwner("/media/blog/welcome-poster.jpg")).toBeNull();
  });

  it("takes uploaded and seeded pictures only", () => {
    const post = (poster_url: string) =>
      BlogCreateSchema.safeParse({ title: "x", poster_url }).success;
    expect(post("blog/1/0f4c3b2a-1111-4222-8333-444455556666.webp")).toBe(true);
    expect(post("/media/blog/welcome-poster.jpg")).toBe(true);
    expect(post("profile/1/0f4c3b2a-1111-4222-8333-444455556666.png")).toBe(
      false,
    );
    expect(post("javascript:alert(1)")).toBe(false);
  });

  it("asks for a title and some content before publishing", () => {
    const hasText = (html: string) =>
      html.replace(/<[^>]*>/g, "").trim() !== "";
    expect(publishProblem({ title: " ", content: [] }, hasText)).toBe(
      "Please enter a title before publishing",
    );
    expect(
      publishProblem(
        {
          title: "T",
          content: [{ id: "a", type: "text", content: "<p> </p>" }],
        },
        hasText,
      ),
    ).toBe("Add some text or an image before publishing");
    expect(
      publishProblem(
        {
          title: "T",
          content: [{ id: "a", type: "img", content: "/media/blog/x.jpg" }],
        },
        hasText,
      ),
    ).toBeNull();
  });

  it("formats dates the same everywhere", () => {
    expect(formatBlogDate("2026-03-02T09:00:00.000Z")).toBe("2 Mar 2026");
    expect(formatBlogDate("not a date")).toBe("");
  });
});
