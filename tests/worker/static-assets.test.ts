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

  it("keeps files without a fingerprint revalidated, so a new version reaches players", async () => {
    for (const path of [
      "/favicon.svg",
      "/sdk/playfeed-sdk.js",
      "/games/snake/index.html",
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
