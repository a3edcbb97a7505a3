import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, request, seed } from "./helpers";

beforeAll(seed);

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Static files are answered by Workers static assets before the Worker runs, with the headers of public/_headers
 * (copied into build/client by the build). The ASSETS binding is that same asset server, so what it answers here is
 * what a browser gets.
 */
const asset = (path: string) => env.ASSETS.fetch(new Request(`${BASE}${path}`));

/** Every fingerprinted file a page loads: its module preloads, entry scripts and stylesheets. */
async function assetsOf(page: string): Promise<string[]> {
  const response = await request(page, { headers: { Accept: "text/html" } });
  expect(response.status).toBe(200);
  const html = await response.text();
  return [
    ...new Set(
      [...html.matchAll(/(?:href|src)="(\/assets\/[^"]{1,200})"/g)].map(
        ([, path]) => path,
      ),
    ),
  ];
}

describe("static files", () => {
  it.each(["/", "/home-page", "/detail/1"])(
    "caches every fingerprinted file %s loads for a year, immutable",
    async (page) => {
      const paths = await assetsOf(page);
      expect(paths.some((path) => path.endsWith(".js"))).toBe(true);
      expect(paths.some((path) => path.endsWith(".css"))).toBe(true);
      for (const path of paths) {
        const response = await asset(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("Cache-Control"), path).toBe(IMMUTABLE);
        expect(response.headers.get("X-Content-Type-Options"), path).toBe(
          "nosniff",
        );
        await response.arrayBuffer();
      }
    },
  );

  it("keeps the pictures a feed shows many of for a day, then serves them while it checks", async () => {
    for (const path of [
      "/media/promos/snake.jpg",
      "/games/snake/icon.svg",
      "/placeholders/arcade.svg",
      "/publishers/pixel-harbor-banner.svg",
      "/cards/games/snake.png",
    ]) {
      const response = await asset(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe(
        "public, max-age=86400, stale-while-revalidate=604800",
      );
      await response.arrayBuffer();
    }
  });

  it("keeps files without a fingerprint revalidated, so a new version reaches players", async () => {
    for (const path of [
      "/favicon.svg",
      "/sdk/playfeed-sdk.js",
      "/games/snake/index.html",
      "/games/snake/game.js",
    ]) {
      const response = await asset(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control") ?? "", path).not.toContain(
        "immutable",
      );
      await response.arrayBuffer();
    }
  });
});
