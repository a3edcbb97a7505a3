import { beforeAll, describe, expect, it } from "vitest";
import { request, seed, tokenFor } from "./helpers";

beforeAll(seed);

const page = (path: string, headers: Record<string, string> = {}) =>
  request(path, { headers: { Accept: "text/html", ...headers } });

const NONCE_ATTRIBUTE = /nonce="[^"]{1,100}"/g;

describe("edge cache for anonymous page views", () => {
  it("renders / once, then serves it from the cache", async () => {
    const first = await page("/");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Playfeed-Cache")).toBe("miss");
    expect(first.headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=60",
    );
    // The copy is the signed-out page: a shared cache must key it by the cookie.
    expect(first.headers.get("Vary")).toBe("Cookie");
    const html = await first.text();
    const second = await page("/");
    expect(second.headers.get("X-Playfeed-Cache")).toBe("hit");
    expect(second.headers.get("Vary")).toBe("Cookie");
    // The same page, except for the script nonce each copy gets afresh (security-headers.test.ts).
    const cached = await second.text();
    expect(cached.replace(NONCE_ATTRIBUTE, "nonce")).toBe(
      html.replace(NONCE_ATTRIBUTE, "nonce"),
    );
    expect(cached.match(NONCE_ATTRIBUTE)?.[0]).not.toBe(
      html.match(NONCE_ATTRIBUTE)?.[0],
    );
  });

  it("always renders fresh for a signed-in viewer, for data requests and for queries", async () => {
    const { token } = await tokenFor("ava@playfeed.local");
    await (await page("/about")).text();
    const signedIn = await page("/about", { Cookie: `pf_session=${token}` });
    expect(signedIn.headers.get("X-Playfeed-Cache")).toBeNull();
    await signedIn.text();
    // Pages with the viewer's own data are theirs alone: no shared cache keeps them, the browser asks again.
    for (const path of ["/about", "/play/1", "/home"]) {
      const own = await page(path, { Cookie: `pf_session=${token}` });
      expect(own.status).toBe(200);
      expect(own.headers.get("Cache-Control")).toBe("private, no-cache");
      await own.text();
    }
    const withQuery = await page("/about?x=1");
    expect(withQuery.headers.get("X-Playfeed-Cache")).toBeNull();
    await withQuery.text();
    const notFound = await page("/detail/99999");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("X-Playfeed-Cache")).toBeNull();
    await notFound.text();
  });

  it("gives every page answer outside the edge cache an explicit Cache-Control", async () => {
    // Issue #36 item 4: a query, a page that is not cached at the edge, a data request (no Accept: text/html).
    for (const [path, headers] of [
      ["/about?x=1", {}],
      ["/scores/unknown-share", {}],
      ["/login", {}],
      ["/about.data", { Accept: "*/*" }],
    ] as const) {
      const answer = await page(path, headers);
      expect(answer.headers.get("Cache-Control"), path).toBe(
        "private, no-cache",
      );
      await answer.arrayBuffer();
    }
  });
});
