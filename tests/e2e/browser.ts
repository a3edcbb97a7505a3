import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { UserData } from "../../app/lib/types";
import { inject } from "vitest";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

// Without the background-networking flags Chromium keeps dialling Google's hosts on this closed network.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const baseURL = () => inject("baseURL");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** A page whose console errors and uncaught exceptions are collected: a test fails on any of them. */
export async function openPage(browser: Browser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseURL(), isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page, errors };
}

export async function firstGameId(): Promise<number> {
  const games = (await (await fetch(`${baseURL()}/api/game/published`)).json()) as Array<{ _id: number }>;
  return games[0]._id;
}

/** Demo accounts seeded by workers/db/seed.ts. */
export const DEMO_PASSWORD = "Player@2026";

/**
 * Signs a browser context in as a user, the way the login popup leaves it: the session cookie and the stored
 * userData (SPEC.md §3). Returns the user.
 */
export async function signIn(context: BrowserContext, email: string, password = DEMO_PASSWORD): Promise<UserData> {
  const response = await fetch(`${baseURL()}/api/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Logging in ${email} failed: ${response.status} ${await response.text()}`);
  const { user, token } = (await response.json()) as { user: UserData; token: string };
  await context.addCookies([{ name: "pf_session", value: token, url: baseURL() }]);
  await context.addInitScript((stored) => window.localStorage.setItem("userData", stored), JSON.stringify(user));
  return user;
}
