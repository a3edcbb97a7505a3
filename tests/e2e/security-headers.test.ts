import { createServer, type Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, baseURL, launchBrowser, openPage } from "./browser";

let browser: Browser;
let foreign: Server;
let foreignURL: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // Another origin that tries to frame our pages, as a clickjacking page would.
  foreign = createServer((request, response) => {
    const target =
      new URL(request.url ?? "/", "http://x").searchParams.get("frame") ?? "/";
    response
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(`<!doctype html><iframe src="${baseURL()}${target}"></iframe>`);
  });
  foreignURL = await new Promise<string>((resolve) =>
    foreign.listen(0, "127.0.0.1", () => {
      const address = foreign.address();
      resolve(
        `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
      );
    }),
  );
});
afterAll(async () => {
  foreign?.close();
  await browser?.close();
});

describe("the page policy in the browser", () => {
  it("keeps a foreign page from framing /social", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${foreignURL}/?frame=/social`);
    await expect
      .poll(() => errors.some((error) => error.includes("frame-ancestors")))
      .toBe(true);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(
      await framed
        ?.evaluate(() => document.querySelector("h1")?.textContent ?? null)
        .catch(() => null),
    ).not.toBe("Social");
    await context.close();
  });

  it("refuses a script added without the page's nonce, while the page's own scripts run", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto("/social");
    await page.waitForFunction(() => "__remixRouter" in window);
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violated: string }>((resolve) => {
          document.addEventListener("securitypolicyviolation", (event) =>
            resolve({
              ran: "__injected" in window,
              violated: event.effectiveDirective,
            }),
          );
          const script = document.createElement("script");
          script.textContent = "window.__injected = true";
          document.body.appendChild(script);
          // An inline script that is allowed runs during append; a refused one only fires the event, later.
          if ("__injected" in window) resolve({ ran: true, violated: "" });
        }),
    );
    expect(outcome).toEqual({ ran: false, violated: "script-src-elem" });
    expect(
      errors.filter((error) => !error.includes("Content Security Policy")),
    ).toEqual([]);
    await context.close();
  });
});

describe("static files (public/_headers)", () => {
  it("caches fingerprinted assets for good and serves game documents sandboxed", async () => {
    const html = await (
      await fetch(`${baseURL()}/`, { headers: { Accept: "text/html" } })
    ).text();
    const asset =
      /<link rel="modulepreload" href="(\/assets\/[^"]{1,200}\.js)"/.exec(
        html,
      )?.[1];
    expect(asset).toBeTruthy();
    const script = await fetch(`${baseURL()}${asset}`);
    expect(script.headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(script.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const game = await fetch(`${baseURL()}/games/snake/index.html`);
    expect(game.status).toBe(200);
    expect(game.headers.get("Content-Security-Policy")).toMatch(
      /^sandbox allow-scripts /,
    );
    expect(game.headers.get("Cache-Control")).not.toContain("immutable");
  });
});
