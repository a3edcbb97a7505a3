import { beforeAll, describe, expect, it } from "vitest";
import { request, seed } from "./helpers";

beforeAll(seed);

const imagesOf = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe("a page's first paint (issue #20)", () => {
  it("fetches the first screenful's game pictures ahead of the scripts, and only those", async () => {
    const response = await request("/");
    expect(response.status).toBe(200);
    const images = imagesOf(await response.text());
    const eager = images.filter((tag) => tag.includes('loading="eager"'));
    const lazy = images.filter((tag) => tag.includes('loading="lazy"'));
    expect(eager.length).toBeGreaterThan(0);
    expect(lazy.length).toBeGreaterThan(0);
    for (const tag of eager) expect(tag).toContain('fetchpriority="high"');
    for (const tag of lazy) expect(tag).not.toContain("fetchpriority");
  });

  it("asks for the first card's icon, the home page's largest paint, from the head before any stylesheet", async () => {
    const html = await (await request("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const firstIcon = /<img src="([^"]+)"/.exec(html.slice(head.length))?.[1];
    expect(firstIcon).toBeTruthy();
    const preload = `<link rel="preload" as="image" href="${firstIcon}" fetchpriority="high"/>`;
    expect(head).toContain(preload);
    expect(head.indexOf(preload)).toBeLessThan(
      head.indexOf('rel="stylesheet"'),
    );
  });

  it("answers a page whose path only begins like the API's with the designed 404 page and the page policy", async () => {
    for (const path of ["/apis", "/wsx", "/media-kit"]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("text/html");
      expect(response.headers.get("Content-Security-Policy")).toMatch(
        /script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,64}'/,
      );
      expect(await response.text()).toContain("Page not found");
    }
  });
});
