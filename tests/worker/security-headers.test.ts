import { beforeAll, describe, expect, it } from "vitest";
import { getJson, request, seed, tokenFor } from "./helpers";

beforeAll(seed);

const page = (path: string, headers: Record<string, string> = {}) =>
  request(path, { headers: { Accept: "text/html", ...headers } });

function cspNonce(response: Response): string {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]{16,64})'/.exec(policy)?.[1];
  expect(nonce, `a script nonce in "${policy}"`).toBeTruthy();
  return nonce!;
}

/** Every script and nonce-carrying tag of the page; JSON-LD blocks are data, not scripts, and need none. */
function scriptNonces(html: string): (string | null)[] {
  const tags = html.match(/<(?:script|link)\b[^>]{0,2000}>/g) ?? [];
  return tags
    .filter((tag) =>
      tag.startsWith("<script")
        ? !tag.includes('type="application/ld+json"')
        : tag.includes(" nonce="),
    )
    .map((tag) => /\snonce="([^"]{1,100})"/.exec(tag)?.[1] ?? null);
}

/** The page answer's nonce, after checking that every script on the page carries exactly it. */
async function checkedNonce(response: Response): Promise<string> {
  const nonce = cspNonce(response);
  const nonces = scriptNonces(await response.text());
  expect(nonces.length).toBeGreaterThan(1);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  return nonce;
}

describe("page headers", () => {
  it.each(["/", "/detail/1", "/social"])(
    "%s allows only its own nonced scripts and no foreign framing",
    async (path) => {
      const response = await page(path);
      expect(response.status).toBe(200);
      const policy = response.headers.get("Content-Security-Policy")!;
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ]) {
        expect(policy).toContain(directive);
      }
      expect(policy).toMatch(
        /script-src 'self' 'nonce-[^']+'(;| https:\/\/accounts\.google\.com\/gsi\/client;)/,
      );
      expect(policy).toContain("connect-src 'self' wss://playfeed.test");
      expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
      expect(response.headers.get("Strict-Transport-Security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
      await checkedNonce(response);
    },
  );

  it("gives every answer its own nonce, also a page served twice from the edge cache", async () => {
    // A session cookie, even a stale one, keeps the page out of the edge cache.
    const uncached = () =>
      page("/about", { Cookie: "pf_session=not-a-session" });
    const rendered = [await uncached(), await uncached()];
    expect(
      rendered.map((response) => response.headers.get("X-Playfeed-Cache")),
    ).toEqual([null, null]);
    const renderedNonces = await Promise.all(rendered.map(checkedNonce));
    expect(renderedNonces[0]).not.toBe(renderedNonces[1]);

    await (await page("/terms")).text();
    const hits = [await page("/terms"), await page("/terms")];
    expect(
      hits.map((response) => response.headers.get("X-Playfeed-Cache")),
    ).toEqual(["hit", "hit"]);
    const hitNonces = await Promise.all(hits.map(checkedNonce));
    expect(hitNonces[0]).not.toBe(hitNonces[1]);
  });

  it("sends the Google sign-in sources only because a client id is configured", async () => {
    const policy = (await page("/about")).headers.get(
      "Content-Security-Policy",
    )!;
    expect(policy).toContain("https://accounts.google.com/gsi/client");
    expect(policy).toContain(
      "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    );
    // No AD_CLIENT_ID in the tests: no ad network host may load anything.
    expect(policy).not.toContain("googlesyndication");
  });

  it("puts the policy on error pages too", async () => {
    const response = await page("/no-such-page");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Security-Policy")).toContain(
      "frame-ancestors 'self'",
    );
    await checkedNonce(response);
  });
});

describe("API headers", () => {
  const privateAnswer = (response: Response) => {
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  };

  it.each(["/api/user/me", "/api/wallet"])(
    "%s is never stored, signed in or not",
    async (path) => {
      const { token } = await tokenFor("ava@playfeed.local");
      const signedIn = await getJson(path, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(signedIn.status).toBe(200);
      privateAnswer(signedIn.response);
      const anonymous = await getJson(path);
      expect(anonymous.status).toBe(401);
      privateAnswer(anonymous.response);
    },
  );

  it("covers errors raised before any route, and unknown endpoints", async () => {
    const foreign = await getJson("/api/game/like", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    privateAnswer(foreign.response);
    const unknown = await getJson("/api/nothing-here");
    expect(unknown.status).toBe(404);
    privateAnswer(unknown.response);
  });
});
