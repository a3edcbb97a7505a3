// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoot } from "../../tests/setup/components";
import { Picture, pictureSrcSet } from "./Picture";

afterEach(cleanup);

async function rendered(element: React.ReactElement) {
  renderInRoot(element);
  return screen.findByRole("img");
}

describe("Picture", () => {
  it("offers a stored picture at each variant's width, with the drawn width and a fixed box", async () => {
    const img = await rendered(
      <Picture
        src="/media/blog/7/cover.jpg"
        alt="Cover"
        width={1200}
        height={630}
        sizes="(min-width: 768px) 50vw, 100vw"
      />,
    );
    expect(img.getAttribute("srcset")).toBe(
      "/media/blog/7/cover.jpg.w320.webp 320w, /media/blog/7/cover.jpg.w640.webp 640w, /media/blog/7/cover.jpg.w960.webp 960w, /media/blog/7/cover.jpg.w1280.webp 1280w",
    );
    expect(img.getAttribute("sizes")).toBe("(min-width: 768px) 50vw, 100vw");
    expect(img.getAttribute("src")).toBe("/media/blog/7/cover.jpg");
    expect(img.getAttribute("width")).toBe("1200");
    expect(img.getAttribute("height")).toBe("630");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBeNull();
  });

  it("fetches the page's leading picture first and at once", async () => {
    const img = await rendered(
      <Picture
        src="/media/blog/welcome-poster.jpg"
        alt="Welcome"
        width={1200}
        height={630}
        sizes="100vw"
        priority
      />,
    );
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("decoding")).toBeNull();
  });

  it("draws one variant of a small fixed-size picture, and another site's picture as it is", async () => {
    renderInRoot(
      <>
        <Picture
          src="/media/profile/1/me.png"
          alt="Me"
          width={44}
          height={44}
          variant={320}
        />
        <Picture
          src="https://lh3.example.com/photo.jpg"
          alt="Them"
          width={44}
          height={44}
          variant={320}
        />
      </>,
    );
    const mine = await screen.findByRole("img", { name: "Me" });
    expect(mine.getAttribute("src")).toBe("/media/profile/1/me.png.w320.webp");
    expect(mine.getAttribute("srcset")).toBeNull();
    expect(screen.getByRole("img", { name: "Them" }).getAttribute("src")).toBe(
      "https://lh3.example.com/photo.jpg",
    );
  });

  it("sends the original without sizes", async () => {
    const img = await rendered(
      <Picture src="/media/p/1/me.png" alt="Me" width={44} height={44} />,
    );
    expect(img.getAttribute("srcset")).toBeNull();
    expect(img.getAttribute("sizes")).toBeNull();
  });

  it.each([
    ["a data: picture", "data:image/png;base64,AAAA"],
    ["another site's picture", "https://lh3.example.com/photo.jpg"],
    ["a GIF, which may move", "/media/profile/1/wave.gif"],
    ["an SVG icon", "/games/snake/icon.svg"],
    ["an address with a query", "/media/blog/a.jpg?v=2"],
  ])("has no variants for %s", (_what, src) => {
    expect(pictureSrcSet(src)).toBeUndefined();
  });

  it("knows pictures under a media base on another host", () => {
    expect(
      pictureSrcSet(
        "https://media.playfeed.test/profile/1/me.png",
        "https://media.playfeed.test/",
      ),
    ).toContain("https://media.playfeed.test/profile/1/me.png.w320.webp 320w");
  });
});
