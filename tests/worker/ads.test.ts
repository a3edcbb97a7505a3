import {
  createExecutionContext,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { BASE, request, seed } from "./helpers";

beforeAll(seed);

/** The Worker as deployed with AD_CLIENT_ID set to `adClientId` (the tests' wrangler.toml leaves it empty). */
async function fetchWith(adClientId: string, path: string, accept = "*/*") {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${BASE}${path}`, { headers: { Accept: accept } }),
    { ...env, AD_CLIENT_ID: adClientId },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("/ads.txt", () => {
  it("authorises no seller while no ad network is configured", async () => {
    const response = await request("/ads.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "text/plain; charset=utf-8",
    );
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response.text()).toBe(
      "placeholder.example.com, placeholder, DIRECT, placeholder\n",
    );
  });

  it("names Google as the direct seller for the configured publisher id", async () => {
    const response = await fetchWith("ca-pub-1234567890123456", "/ads.txt");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      "google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n",
    );
  });

  it("takes the bare pub- form of the id too, and treats a malformed one as none", async () => {
    expect(await (await fetchWith(" pub-42 ", "/ads.txt")).text()).toBe(
      "google.com, pub-42, DIRECT, f08c47fec0942fa0\n",
    );
    expect(
      await (await fetchWith("ca-pub-42, evil.example", "/ads.txt")).text(),
    ).toBe("placeholder.example.com, placeholder, DIRECT, placeholder\n");
  });

  it("is open to crawlers", async () => {
    const robots = await (await request("/robots.txt")).text();
    expect(robots).not.toMatch(/^Disallow: \/ads/m);
  });
});

describe("the page policy with an ad network", () => {
  it("lets Google's ad script load only when a valid publisher id is configured", async () => {
    const configured = await fetchWith("ca-pub-123", "/about", "text/html");
    const scripts = /script-src ([^;]*)/.exec(
      configured.headers.get("Content-Security-Policy") ?? "",
    )?.[1];
    expect(scripts).toContain("'self'");
    expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]{16,64}'/);
    expect(scripts).toContain("https://pagead2.googlesyndication.com");
    // The page hands the id to its ad slots (in the root loader's data).
    expect(await configured.text()).toMatch(/adClientId\\?",\\?"ca-pub-123/);

    for (const id of ["", "ca-pub-x", "<script>"]) {
      const policy =
        (await fetchWith(id, "/about", "text/html")).headers.get(
          "Content-Security-Policy",
        ) ?? "";
      expect(policy, id).not.toContain("googlesyndication");
    }
  });
});
