import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Locator,
  type Page,
  type Response,
} from "playwright-core";
import type { ApiSignedIn, Game, UserData } from "#contract/types";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { loadGames } from "../../scripts/games-lib.mjs";
import { DEV_PROXY_RESTART } from "./dev-proxy-retry";
import { journalPages } from "./page-journal";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

// Without the background-networking flags Chromium keeps dialling Google's hosts on this closed network.
export const CHROMIUM_ARGS = [
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

/** A short mark that keeps names and e-mails of one test apart from every other's. */
export const unique = () =>
  `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

/**
 * Sign-ups are limited per address, and every test reaches `wrangler dev` from 127.0.0.1: a sign-up that is not about
 * that limit names an address of its own (IPv6 documentation range), which `wrangler dev` passes on as it is.
 */
export const ownAddress = () => ({
  "CF-Connecting-IP": `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`,
});

/** Debian's Chromium, every page of which keeps a journal printed if its test fails (tests/e2e/page-journal.ts). */
export async function launchBrowser(): Promise<Browser> {
  return journalPages(
    await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    }),
  );
}

/**
 * A test file's browser and the published games: Chromium launched and the games read before the file's tests, the
 * browser closed after them. Read `browser` and `games` inside a test, once they are set.
 */
export function browserAndGames() {
  const shared = {
    browser: undefined as unknown as Browser,
    games: [] as Game[],
  };
  beforeAll(async () => {
    shared.browser = await launchBrowser();
    shared.games = await (
      await fetch(`${baseURL()}/api/game/published`)
    ).json<Game[]>();
  });
  afterAll(() => shared.browser?.close());
  return shared;
}

export interface PageOptions {
  /** Let the Daily Bonus popup show. Off by default: it would cover whatever else a signed-in test looks at. */
  dailyBonus?: boolean;
  /** Another server than the global one (a test file that starts its own, configured differently). */
  baseURL?: string;
  /** The browser's time zone (IANA name); the machine's by default. */
  timezoneId?: string;
  /**
   * Let the app install its service worker. Off by default: on its first page a fresh context would keep some 180 files
   * and pages (ADR 018), work that tests of other things need not wait behind; and requests the worker answers are
   * out of reach of page.route.
   */
  serviceWorker?: boolean;
}

/** A page whose console errors and uncaught exceptions are collected: a test fails on any of them. */
export async function openPage(
  browser: Browser,
  viewport = PHONE,
  {
    dailyBonus = false,
    baseURL: server = baseURL(),
    timezoneId,
    serviceWorker = false,
  }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    baseURL: server,
    timezoneId,
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
    serviceWorkers: serviceWorker ? "allow" : "block",
  });
  // app/lib/coin-store.ts: the bonus counts as closed today for every player in this browser.
  if (!dailyBonus) {
    // Init scripts run in every frame too; a game's sandboxed frame has no localStorage, nor has a new page's
    // about:blank.
    await context.addInitScript(() => {
      if (window === window.top && location.origin !== "null")
        window.localStorage.setItem(
          "dailyBonusClosed",
          JSON.stringify({ "*": new Date().toISOString().slice(0, 10) }),
        );
    });
  }
  // Every game frame notes the start the platform sent it (seed and time), so a test can play a real round from it.
  await context.addInitScript(() => {
    if (window === window.top) return;
    window.addEventListener("message", (event: MessageEvent) => {
      const data = event.data as {
        source?: string;
        type?: string;
        seed?: number;
      };
      if (data?.source === "playfeed-platform" && data.type === "start")
        Object.assign(window, {
          __playfeedStart: { seed: data.seed, at: Date.now() },
        });
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  collectErrors(page, errors);
  return { context, page, errors };
}

const UNAVAILABLE = "the server responded with a status of 503";

/** What Chrome logs for a push subscription in an incognito context, as every test's is. */
const INCOGNITO_PUSH = "does not support the Push API in incognito mode";

/**
 * Puts the page's console errors and uncaught exceptions into `errors`, as "address: message". Left out: the 503 that
 * `wrangler dev`'s proxy (not the app) gives a POST when its keep-alive connection to the Worker drops on a loaded
 * machine; the browser logs it like any failed request. Each is matched to a 503 seen with the proxy's own text.
 */
export function collectErrors(page: Page, errors: string[]) {
  let proxyRestarts = 0;
  let unmatched = 0;
  const serverErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Test contexts are incognito, where Chrome refuses a push subscription and says so itself; a player's browser
    // subscribes. The app keeps a device that allowed notifications subscribed on every load (push.test.ts).
    if (message.text().includes(INCOGNITO_PUSH)) return;
    if (message.text().includes(UNAVAILABLE) && proxyRestarts > 0) {
      proxyRestarts--;
      return;
    }
    if (message.text().includes(UNAVAILABLE)) unmatched++;
    // The browser names no request in "Failed to load resource": the refusals and server errors seen so far say which.
    const failures = message.text().startsWith("Failed to load resource")
      ? ` [${serverErrors.join(", ")}]`
      : "";
    errors.push(`${page.url()}: ${message.text()}${failures}`);
  });
  page.on("pageerror", (error) =>
    errors.push(`${page.url()}: ${error.message}`),
  );
  page.on("response", (response) => {
    if (response.status() >= 400)
      serverErrors.push(
        `${response.request().method()} ${response.url()} ${response.status()} ${response.headers()["content-type"] ?? ""}`,
      );
    if (response.status() !== 503 || response.headers()["retry-after"] !== "0")
      return;
    // A keep-alive request's or a beacon's body cannot be read back: its plain-text type (the app's errors are JSON)
    // and the proxy's Retry-After: 0 then name it.
    const plain = response.headers()["content-type"]?.startsWith("text/plain");
    void response
      .text()
      .catch(() => null)
      .then((body) => {
        if (body === null ? !plain : !body.startsWith(DEV_PROXY_RESTART))
          return;
        // Logged already: take that line back out; else the line still to come is left out.
        const logged = unmatched
          ? errors.findIndex((line) => line.includes(UNAVAILABLE))
          : -1;
        if (logged >= 0) {
          errors.splice(logged, 1);
          unmatched--;
        } else proxyRestarts++;
      });
  });
}

/**
 * SPEC.md §7: a signed-in page ties its session to its socket 5 s after load. A test that then ends the session waits
 * for this post first. Ended a moment before, the post crosses the socket's close on the wire and is rightly refused:
 * a 401 the browser logs as a console error.
 */
export function sessionTied(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/session",
  );
}

/** The paths of the scripts the page asks for from now on (`/assets/Name-hash.js`, named by their first module). */
export function scriptsRequested(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js"))
      seen.push(pathname);
  });
  return seen;
}

export async function firstGameId(): Promise<number> {
  const games = await (
    await fetch(`${baseURL()}/api/game/published`)
  ).json<Array<{ _id: number }>>();
  return games[0]._id;
}

/** Demo accounts seeded by workers/seed/seed.ts. */
export const DEMO_PASSWORD = "Player@2026";

/** What the login popup leaves in userData: the profile without the token (pages authenticate by the cookie). */
function storedUser({
  token: _token,
  ...user
}: UserData & { token?: string }): UserData {
  return user;
}

/**
 * Signs a browser context in as a user, the way the login popup leaves it: the httpOnly session cookie and the stored
 * userData (SPEC.md §3) without a token. Returns the user.
 */
export async function signIn(
  context: BrowserContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<UserData> {
  const response = await fetch(`${baseURL()}/api/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(
      `Logging in ${email} failed: ${response.status} ${await response.text()}`,
    );
  const { user, token } = await response.json<ApiSignedIn>();
  await context.addCookies([
    {
      name: "pf_session",
      value: token,
      url: baseURL(),
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  await context.addInitScript(
    (stored) =>
      window === window.top && window.localStorage.setItem("userData", stored),
    JSON.stringify(storedUser(user)),
  );
  return storedUser(user);
}

/** A player signed up through the API, with the session token the API answered (tests call the API with it). */
export type Account = ApiSignedIn;

/** The password `newAccount` signs its players up with. */
export const NEW_ACCOUNT_PASSWORD = "Secret@123";

/**
 * A new player, signed up through POST /api/user with a unique email. They get an address, so Find People lists them
 * (SPEC.md §2: it leaves out people without one).
 */
export async function newAccount(
  name: string,
  address = "12 Harbour Road",
): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await fetch(`${baseURL()}/api/user`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...ownAddress() },
    body: JSON.stringify({
      name,
      email,
      phone_number: "9876501234",
      Pwd_Hash: NEW_ACCOUNT_PASSWORD,
      gender: "female",
      address,
    }),
  });
  if (!response.ok)
    throw new Error(
      `sign-up failed: ${response.status} ${await response.text()}`,
    );
  return await response.json<Account>();
}

/**
 * Holds the page's entry script on its way, as a cheap phone on a slow network does: the server's HTML is drawn and
 * works as HTML until `release()`. `asked` resolves once the browser has asked for the script.
 */
export async function holdEntryScript(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    markAsked();
    await held;
    await route.continue();
  });
  return { release, asked };
}

/** A page in a fresh browser context signed in as the account, the way the login popup leaves it. */
export async function pageFor(
  browser: Browser,
  account: Account,
  viewport = PHONE,
  options: PageOptions = {},
) {
  const opened = await openPage(browser, viewport, options);
  await opened.context.addCookies([
    {
      name: "pf_session",
      value: account.token,
      url: baseURL(),
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  await opened.context.addInitScript(
    (stored) =>
      window === window.top && window.localStorage.setItem("userData", stored),
    JSON.stringify(storedUser(account.user)),
  );
  return opened;
}

/** Each follows the other, as friends who may chat and play together do (SPEC.md §2 Friends). */
export async function befriend(a: Account, b: Account): Promise<void> {
  for (const [from, to] of [
    [a, b],
    [b, a],
  ])
    await api(from, "/api/social/follow", {
      from: from.user._id,
      to: to.user._id,
    });
}

/**
 * Two new players, named `names`, who follow each other, each on a signed-in page of their own: the first at desktop
 * size, the second at phone size, unless `viewports` says otherwise. The pages have not opened an address yet.
 */
export async function twoFriends(
  browser: Browser,
  names: [string, string],
  viewports = [DESKTOP, PHONE],
) {
  const accounts: [Account, Account] = [
    await newAccount(names[0]),
    await newAccount(names[1]),
  ];
  await befriend(...accounts);
  const pages = [
    await pageFor(browser, accounts[0], viewports[0]),
    await pageFor(browser, accounts[1], viewports[1]),
  ] as const;
  return { accounts, pages };
}

/**
 * Resolves once the page (or frame) has rendered two more frames: input dispatched and effects scheduled before the
 * call have been handled and painted. For checking that something did not happen, without waiting a fixed time.
 */
export function nextFrames(target: Page | Frame): Promise<void> {
  return target.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Resolves once the finite CSS transitions and animations in the element have finished: a slide or drawer is at rest. */
export async function settled(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    for (;;) {
      const running = element
        .getAnimations({ subtree: true })
        .filter(
          (animation) =>
            animation.playState === "running" &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      // A transition that another one replaces rejects `finished`; the loop then waits for the new one.
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
}

/** An SDK message a game posts to the platform (docs/game-sdk.md), without its `source`. */
export type GameMessage =
  | { type: "gameplay_start" | "gameplay_stop" }
  | { type: "game_score"; value: number }
  | { type: "final_score"; value: number; log?: string };

/**
 * Posts SDK messages from inside the play page's game frame, as the game would, so a test decides a round's scores
 * instead of real play. They bypass the game's own SDK object, whose next (deduplicated) report would otherwise
 * overwrite the score; the game keeps running underneath but reports nothing new until the player touches it.
 */
export async function postFromGame(
  page: Page,
  ...messages: GameMessage[]
): Promise<void> {
  const frame = await (
    await page.locator("iframe.game-frame").elementHandle()
  )?.contentFrame();
  if (!frame) throw new Error("The play page has no game frame");
  await frame.evaluate((list) => {
    for (const message of list)
      window.parent.postMessage({ source: "playfeed-game", ...message }, "*");
  }, messages);
}

let simulations: ReturnType<typeof loadGames> | null = null;

/** The input log of a round that ended before its first step (games/shared/input-log.ts): it scores 0. */
export const EMPTY_ROUND_LOG = "AQAA";

/** A real round of our game `slug` from `seed`: its demo player plays until it has at least `atLeast` points. */
export async function demoRound(slug: string, seed: number, atLeast: number) {
  const { registry, startRound, encodeLog } = await (simulations ??=
    loadGames());
  const round = startRound(registry[slug], seed);
  const ranked = () => round.sim.level ?? round.sim.score;
  while (ranked() < atLeast && !round.sim.over) round.step({ autoplay: true });
  if (ranked() < atLeast)
    throw new Error(`${slug}'s demo player reached only ${ranked()}`);
  return {
    score: ranked(),
    log: encodeLog(round.log()),
    /** How long the round took to play, in ms: the server will not believe it sooner. */
    playedFor: (round.steps / 60) * 1000,
  };
}

/** Waits, on the clock, until a round that began at `startedAt` could have been played for `playedFor` ms. */
const playable = (startedAt: number, playedFor: number) =>
  expect
    .poll(() => Date.now() - startedAt, { timeout: playedFor + 10_000 })
    .toBeGreaterThan(playedFor);

/**
 * A round of our game played through the API, as a finished round of `account`'s: a session, a real log from its
 * seed, and the score submitted once the round could have been played. Returns the answer.
 */
export async function apiRound(
  account: Account,
  game: { _id: number; slug: string },
  atLeast: number,
  extra: Record<string, unknown> = {},
) {
  const call = (path: string, body: unknown) =>
    fetch(`${baseURL()}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${account.token}`,
      },
      body: JSON.stringify(body),
    });
  const session = await (
    await call("/api/gamestats", { game_id: game._id, game_type: 0 })
  ).json<{ _id: number; seed: number }>();
  const openedAt = Date.now();
  const round = await demoRound(game.slug, session.seed, atLeast);
  await playable(openedAt, round.playedFor);
  const saved = await call("/api/scores", {
    score: round.score,
    player_id: account.user._id,
    game_id: game._id,
    stats_id: session._id,
    log: round.log,
    ...extra,
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
  return { score: round.score, stats_id: session._id };
}

/**
 * Ends the round in the play page's game frame as the game would after real play: the game's own demo player plays
 * its simulation from the seed the platform started the frame with until it has at least `atLeast` points, and the
 * round ends there with that score and its input log. The server replays the log and checks it could have been played
 * in the time since the round started, so this waits (on the clock, not a fixed sleep) until it could. Returns the
 * score the round ended with.
 */
export async function endRound(
  page: Page,
  slug: string,
  atLeast: number,
): Promise<number> {
  const frame = await (
    await page.locator("iframe.game-frame").elementHandle()
  )?.contentFrame();
  if (!frame) throw new Error("The play page has no game frame");
  const started = await frame.evaluate(
    () =>
      (window as { __playfeedStart?: { seed: number; at: number } })
        .__playfeedStart ?? null,
  );
  if (!started) throw new Error("The game was not started");
  const round = await demoRound(slug, started.seed, atLeast);
  await playable(started.at, round.playedFor);
  await postFromGame(
    page,
    { type: "game_score", value: round.score },
    { type: "gameplay_stop" },
    { type: "final_score", value: round.score, log: round.log },
  );
  return round.score;
}

/** Paths of the requests that could end a round: a round must end in one POST /api/scores (ADR 008). */
const ROUND_ENDING =
  /^\/api\/(scores$|gamestats\/\d+$|player-move$|challenge\/submit$|multiplayer\/bot-result$)/;

/** Records, from now on, each round-ending request the page sends, as "METHOD /path" with its JSON body. */
export function roundRequests(page: Page) {
  const sent: Array<{ request: string; body: Record<string, unknown> }> = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "GET" || !ROUND_ENDING.test(pathname)) return;
    sent.push({
      request: `${request.method()} ${pathname}`,
      body: (request.postDataJSON() ?? {}) as Record<string, unknown>,
    });
  });
  return sent;
}

/** A JSON API call as `account` (GET without a body, POST with one); any refusal fails the test with its answer. */
export async function api<T = unknown>(
  account: Account,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${account.token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return await response.json();
}

/**
 * Waits for the play screen's round to be on. A timeout says where the screen stopped (its phase and what it shows),
 * which tells a game that never said it was ready from a round whose play session never came.
 */
export async function waitForPlaying(page: Page, timeout = 20_000) {
  try {
    await page.waitForSelector('[data-phase="playing"]', { timeout });
  } catch (error) {
    const where = await page
      .evaluate(() => {
        const player = document.querySelector<HTMLElement>(".player");
        return {
          url: location.href,
          phase: player?.dataset.phase ?? null,
          shown: (player ?? document.body).innerText.slice(0, 300),
        };
      })
      .catch(() => null);
    throw new Error(
      `The round did not start within ${timeout} ms: ${JSON.stringify(where)}`,
      { cause: error },
    );
  }
}

/** The play screen's phase (`data-phase`), or null once the page has moved on (to the result, say). */
export const playPhase = (page: Page) =>
  page
    .evaluate(
      () =>
        document.querySelector<HTMLElement>(".player")?.dataset.phase ?? null,
    )
    .catch(() => null);
