import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAIN_PUBLIC_PAGES } from "~/lib/seo";
import { DISALLOWED_PREFIXES } from "./seo.server";

/** The address of a flat-routes file: `play.$id.tsx` is `/play/:id`, `blog.rss[.]xml.ts` is `/blog/rss.xml`. */
function routePath(file: string): string {
  const path = file
    .replace(/\.tsx?$/, "")
    .replace(/\[\.\]/g, "[dot]")
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/^\$(.+)/, ":$1"))
    .join("/")
    .replaceAll("[dot]", ".");
  return `/${path}`;
}

/** Public pages with an id or slug in the address, and the files crawlers read. */
const OTHER_PUBLIC = [
  "/detail/:id",
  "/publisher/:id",
  "/blog/:title",
  "/blog/rss.xml",
  // Shared scores and invitations: open to link-preview crawlers, kept out of search results by `noindex`, not listed.
  "/scores/:id",
  "/invite/:code",
  "/robots.txt",
  "/sitemap.xml",
  "/ads.txt",
  // The not-found page answers any unknown address.
  "/$",
];

describe("robots.txt", () => {
  it("names every route either public or closed to crawlers, so a new page is a choice", () => {
    const routes = readdirSync(new URL("../routes", import.meta.url))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map(routePath);
    expect(routes).toContain("/play/:id");
    const unplaced = routes.filter(
      (path) =>
        !(MAIN_PUBLIC_PAGES as readonly string[]).includes(path) &&
        !OTHER_PUBLIC.includes(path) &&
        !DISALLOWED_PREFIXES.some((prefix) => path.startsWith(prefix)),
    );
    expect(unplaced).toEqual([]);
  });

  it("closes no public page", () => {
    for (const path of [...MAIN_PUBLIC_PAGES, ...OTHER_PUBLIC])
      expect(
        DISALLOWED_PREFIXES.filter((prefix) => path.startsWith(prefix)),
        path,
      ).toEqual([]);
  });
});
