import axe from "axe-core";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeaderboardEntry } from "#contract/scores";
import type { Game } from "#contract/types";
import {
  DESKTOP,
  EMPTY_ROUND_LOG,
  PHONE,
  api,
  apiRound,
  baseURL,
  endRound,
  launchBrowser,
  newAccount,
  nextFrames,
  openPage,
  pageFor,
  signIn,
  type Account,
  waitForPlaying,
} from "./browser";

/**
 * issue #19 §5: axe-core finds no serious or critical violation on any page of the app, at phone and desktop size, as
 * a visitor, as a signed-in player and as a writer. Each page is checked after it has hydrated and come to rest, in
 * the states a visitor reaches: drawers, dialogs, tabs and an open chat.
 */

const BLOCKING: ReadonlySet<string> = new Set(["serious", "critical"]);
/** The longest animation waited for before a check; longer ones (a countdown) are checked as they run. */
const SHORT_ANIMATION_MS = 1_000;
const NOT_FOUND = "/no-such-page";
/** A reset link nobody was sent: its page says so with its own status, 410. */
const UNKNOWN_RESET_LINK = `/reset-password/${"a".repeat(43)}`;

interface Step {
  /** What the finding list calls this state. */
  name: string;
  /** The address to open; without one, the state is reached from the page the previous step left. */
  path?: string;
  /** Brings the page into the state after it loaded (opens a drawer, a dialog, a tab). */
  then?: (page: Page) => Promise<void>;
}

/** Counts the page's requests still under way, but media, which streams for as long as a video plays. */
function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on("request", (request) => {
    if (request.resourceType() !== "media") open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return () => open.size;
}

/** The page has hydrated, its fonts are in, nothing is loading and its opening transitions have ended. */
async function atRest(page: Page, inFlight: () => number) {
  await page.waitForFunction(() =>
    Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // What a request brings is rendered within a frame or two of its answer, and may ask for more.
  do {
    await expect.poll(inFlight).toBe(0);
    await nextFrames(page);
  } while (inFlight() > 0);
  await page.evaluate(async (longest) => {
    // A countdown runs for seconds by design, as one long animation or as a short one each tick: only transitions
    // about to end are waited for, and only the few that follow one another when a drawer or dialog opens.
    for (let round = 0; round < 3; round++) {
      const ending = document.getAnimations().filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return (
          animation.playState === "running" &&
          timing?.iterations !== Infinity &&
          Number(timing?.endTime) - Number(timing?.localTime) <= longest
        );
      });
      if (ending.length === 0) return;
      await Promise.allSettled(ending.map((animation) => animation.finished));
    }
  }, SHORT_ANIMATION_MS);
}

/** Runs axe-core in the page (not in game frames, which are sandboxed documents of their own) and lists what blocks. */
async function audit(page: Page, state: string): Promise<string[]> {
  // Evaluated through the debugging protocol, so the page's script policy stays as it is.
  if (!(await page.evaluate(() => "axe" in window)))
    await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      iframes: false,
      resultTypes: ["violations"],
    }),
  );
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${state}: ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${violation.help}`,
      ),
    );
}

/** Visits each step in one page of one context and audits it; returns every blocking finding. */
async function auditSteps(page: Page, label: string, steps: Step[]) {
  const findings: string[] = [];
  const inFlight = requestsInFlight(page);
  for (const step of steps) {
    if (step.path) {
      await page.goto(step.path);
      await atRest(page, inFlight);
    }
    if (step.then) {
      await step.then(page);
      await atRest(page, inFlight);
    }
    findings.push(...(await audit(page, `${label} ${step.name}`)));
  }
  return findings;
}

/** Console errors, but the ones the 404 page's and the unknown link's own statuses log. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) =>
      !error.startsWith(`${baseURL()}${NOT_FOUND}`) &&
      !error.startsWith(`${baseURL()}${UNKNOWN_RESET_LINK}:`),
  );

const openDrawer = (page: Page) => page.locator(".feed-drawer.is-open");

/** Sends the page's form empty, so that every field shows its message. */
async function submitEmpty(page: Page) {
  await page.locator("main form button[type=submit]").first().click();
  await page.locator("main [aria-invalid=true]").first().waitFor();
}

/** Opens a dialog with the button or link of that name, and waits for it. */
const openDialog = (name: string) => async (page: Page) => {
  await page.keyboard.press("Escape");
  await page.locator("dialog[open]").waitFor({ state: "detached" });
  await page
    .getByRole("main")
    .getByRole("button", { name, exact: true })
    .or(page.getByRole("main").getByRole("link", { name, exact: true }))
    .click();
  await page.locator("dialog[open]").waitFor();
};

let browser: Browser;
let games: Game[];
let tower: Game;
let bubblePop: Game;
let player: Account;
let friend: Account;
let summaryId: number;
let friendRun: string;
let challengeId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  games = await (await fetch(`${baseURL()}/api/game/published`)).json<Game[]>();
  tower = games.find((game) => game.slug === "tower-stack")!;
  bubblePop = games.find((game) => game.slug === "bubble-pop")!;
});
afterAll(() => browser?.close());

let prepared: Promise<void> | null = null;
/** Made once, by the first test that needs it (a verified round waits on the clock, which only a test may do). */
const world = () => (prepared ??= prepare());

async function prepare() {
  // A player with a friend, a liked and a saved game, a round played, a challenge and a match against a bot.
  player = await newAccount("Axe Player");
  friend = await newAccount("Axe Friend");
  await api(player, "/api/social/follow", {
    from: player.user._id,
    to: friend.user._id,
  });
  await api(friend, "/api/social/follow", {
    from: friend.user._id,
    to: player.user._id,
  });
  await api(player, "/api/game/like", {
    game_id: tower._id,
    user_id: player.user._id,
    type: "like",
  });
  await api(player, "/api/game/save", { game_id: tower._id, saved: true });
  // The friend's verified run: the bot of the player's match, and a run to watch.
  const friendRound = await apiRound(friend, tower, 1);
  // The run's public id, as the friend's own board links it.
  const board = await api<LeaderboardEntry[]>(
    friend,
    `/api/scores/${tower._id}?scope=following`,
  );
  friendRun = board.find(
    (entry) => entry.player_id === friend.user._id,
  )!.run_id!;
  const bot = await api<{ _id: number }>(
    player,
    `/api/player-move/${tower._id}`,
  );
  const round = await api<{ _id: number }>(player, "/api/gamestats", {
    game_id: tower._id,
    game_type: 1,
  });
  await api(player, "/api/scores", {
    score: 0,
    player_id: player.user._id,
    game_id: tower._id,
    stats_id: round._id,
    log: EMPTY_ROUND_LOG,
    bot_id: bot._id,
  });
  summaryId = (
    await api<{ _id: number }>(player, "/api/multiplayer/bot-result", {
      stats_id: round._id,
      bot_id: bot._id,
    })
  )._id;
  // The friend collects the day's bonus: coins to bet.
  await api(friend, "/api/wallet", { coins: 50 });
  challengeId = (
    await api<{ _id: number }>(friend, "/api/challenge", {
      game: tower._id,
      from: friend.user._id,
      to: player.user._id,
      bet_amount: 50,
      message: "Beat this!",
      score: friendRound.score,
    })
  )._id;
}

const visitorSteps = (): Step[] => {
  const game = games[0];
  return [
    { name: "/", path: "/" },
    { name: "/home", path: "/home" },
    { name: "/home-page", path: "/home-page" },
    {
      name: "/home-page publisher drawer",
      then: async (page) => {
        await page
          .getByRole("button", {
            name: `Open publisher ${game.publisher.name}`,
          })
          .first()
          .click();
        await openDrawer(page).locator(".game-row").first().waitFor();
      },
    },
    {
      name: "/home-page publisher drawer About",
      then: async (page) => {
        await openDrawer(page).getByRole("tab", { name: "About" }).click();
      },
    },
    {
      name: "/home-page leaderboard drawer",
      then: async (page) => {
        await page.keyboard.press("Escape");
        await openDrawer(page).waitFor({ state: "detached" });
        await page
          .getByRole("button", {
            name: new RegExp(`leaderboard of ${game.name}`, "i"),
          })
          .first()
          .click();
        await openDrawer(page).waitFor();
      },
    },
    {
      name: "/home-page login popup",
      then: async (page) => {
        await page.keyboard.press("Escape");
        await openDrawer(page).waitFor({ state: "detached" });
        await page.getByRole("button", { name: `Like ${game.name}` }).click();
        await page.locator("dialog[open]").waitFor();
      },
    },
    { name: "/detail", path: `/detail/${game._id}` },
    { name: "/publisher", path: `/publisher/${game.publisher._id}` },
    { name: "/blog", path: "/blog" },
    { name: "/blog post", path: "/blog/welcome-to-playfeed" },
    { name: "/login", path: "/login" },
    { name: "/login with errors", then: submitEmpty },
    { name: "/registration", path: "/registration" },
    { name: "/registration with errors", then: submitEmpty },
    { name: "/forgot-password", path: "/forgot-password" },
    {
      name: "/reset-password (unknown link)",
      path: UNKNOWN_RESET_LINK,
    },
    { name: "/social (visitor)", path: "/social" },
    { name: "/challenges (visitor)", path: "/challenges" },
    { name: "/shop (visitor)", path: "/shop" },
    { name: "/waiting (visitor)", path: `/waiting/${game._id}` },
    { name: "/watch", path: `/watch/${friendRun}` },
    { name: "/summary", path: `/summary/${summaryId}` },
    { name: "/about", path: "/about" },
    { name: "/contact", path: "/contact" },
    { name: "/terms", path: "/terms" },
    { name: "/privacy", path: "/privacy" },
    { name: "404", path: NOT_FOUND },
  ];
};

const playerSteps = (): Step[] => [
  { name: "/home-page", path: "/home-page" },
  {
    name: "/home-page account menu",
    then: async (page) => {
      await page
        .getByRole("button", { name: `Your account, ${player.user.name}` })
        .click();
      await page.locator(".account-menu__panel:not([hidden])").waitFor();
    },
  },
  { name: "/detail", path: `/detail/${tower._id}` },
  {
    name: "/detail with its video",
    then: (page) => page.getByRole("button", { name: "Play video" }).click(),
  },
  { name: "/detail Rate popup", then: openDialog("Rate") },
  { name: "/detail Challenge popup", then: openDialog("Challenge") },
  {
    name: "/detail with a challenge",
    path: `/detail/${tower._id}?challengeId=${challengeId}`,
  },
  {
    name: "/play",
    path: `/play/${tower._id}?type=0`,
    then: (page) => waitForPlaying(page, 20_000),
  },
  {
    name: "/result",
    then: async (page) => {
      await endRound(page, "tower-stack", 0);
      await page.waitForURL(/\/result\/\d+/, { timeout: 15_000 });
      await page.getByText("Your score").first().waitFor();
    },
  },
  {
    name: "/result Leader Board",
    then: (page) => page.getByRole("tab", { name: "Leader Board" }).click(),
  },
  {
    name: "/waiting",
    path: `/waiting/${bubblePop._id}`,
    then: (page) => page.getByText("Searching...").first().waitFor(),
  },
  {
    // Quit leaves the lobby, which no other test then finds this player in; on a busy machine its 10 s may have run
    // out already, and the lobby has let the player go.
    name: "/waiting after Quit",
    then: async (page) => {
      const quit = page.getByRole("button", { name: "Quit" });
      if (!(await quit.isVisible())) return;
      await quit.click();
      await page.waitForURL(new RegExp(`/detail/${bubblePop._id}$`));
    },
  },
  { name: "/summary", path: `/summary/${summaryId}` },
  {
    name: "/match/new",
    path: `/match/new?game=${tower._id}&friend=${friend.user._id}`,
  },
  {
    name: "/match waiting for a friend",
    then: async (page) => {
      await page
        .getByRole("button", { name: `Invite ${friend.user.name}` })
        .click();
      await page
        .getByRole("heading", { name: `Waiting for ${friend.user.name}` })
        .waitFor();
    },
  },
  { name: "/social Friends", path: "/social" },
  { name: "/social Find People", path: "/social?tab=find&q=Axe" },
  { name: "/social Invite", path: "/social?tab=invite" },
  { name: "/social Blocked", path: "/social?tab=blocked" },
  {
    name: "/social chat",
    path: `/social?chat=${friend.user._id}`,
    then: async (page) => {
      const field = page
        .getByTestId("chat-panel")
        .getByRole("textbox", { name: `Message ${friend.user.name}` });
      await field.fill("Ready for a rematch?");
      await field.press("Enter");
      await page.getByTestId("chat-message").first().waitFor();
    },
  },
  // After the chat: the conversation has a row, and Social in the menus no badge (the friend has not answered).
  { name: "/social Messages", path: "/social?tab=messages" },
  { name: "/challenges", path: "/challenges" },
  { name: "/challenge", path: `/challenge/${challengeId}` },
  { name: "/notifications", path: "/notifications" },
  { name: "/shop", path: "/shop" },
  { name: "/user-info", path: "/user-info" },
  { name: "/settings", path: "/settings" },
  { name: "/settings/account", path: "/settings/account" },
  { name: "/report game", path: `/report/game/${tower._id}` },
  { name: "/likes", path: "/likes" },
  { name: "/saved-games", path: "/saved-games" },
  { name: "/recently-played", path: "/recently-played" },
  { name: "/editor (not a writer)", path: "/editor/new" },
];

const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

/** The visitor's pages at one size. */
async function visitorAudit(size: string, viewport: typeof PHONE) {
  const { context, page, errors } = await openPage(browser, viewport);
  const findings = await auditSteps(page, size, visitorSteps());
  await context.close();
  return { findings, errors: unexpected(errors) };
}

/** The Daily Bonus popup and the writer's editor at one size. */
async function bonusAndEditorAudit(size: string, viewport: typeof PHONE) {
  const bonus = await pageFor(browser, player, viewport, {
    dailyBonus: true,
  });
  const findings = await auditSteps(bonus.page, `${size} player`, [
    {
      name: "/ Daily Bonus popup",
      path: "/",
      then: (page) =>
        page.getByRole("dialog", { name: "Daily Bonus" }).waitFor(),
    },
  ]);
  await bonus.context.close();

  const { context, page, errors } = await openPage(browser, viewport);
  await signIn(context, "writer@playfeed.local", "Writer@2026");
  findings.push(
    ...(await auditSteps(page, `${size} writer`, [
      { name: "/blog", path: "/blog" },
      {
        name: "/editor/new",
        path: "/editor/new",
        then: (editor) => editor.locator(".editor-blocks").waitFor(),
      },
      {
        name: "/editor of a post",
        path: "/editor/1",
        then: (editor) => editor.locator(".editor-blocks").waitFor(),
      },
    ])),
  );
  await context.close();
  return { findings, errors: unexpected([...bonus.errors, ...errors]) };
}

// What only reads runs at both sizes at once (each in a browser context of its own); the player's pages change
// things (a round, the lobby, a chat), so each size has its turn.
describe("axe-core at phone and desktop size", () => {
  it("finds nothing serious on the pages a visitor sees", async () => {
    await world();
    const results = await Promise.all(
      SIZES.map(([size, viewport]) => visitorAudit(size, viewport)),
    );
    expect(
      results.flatMap((result) => result.findings),
      "serious or critical violations",
    ).toEqual([]);
    expect(results.flatMap((result) => result.errors)).toEqual([]);
  }, 180_000);

  it.each(SIZES)(
    "finds nothing serious on the pages a signed-in player sees at %s size",
    async (size, viewport) => {
      await world();
      const { context, page, errors } = await pageFor(
        browser,
        player,
        viewport,
      );
      const findings = await auditSteps(page, `${size} player`, playerSteps());
      await context.close();
      expect(findings, "serious or critical violations").toEqual([]);
      expect(unexpected(errors)).toEqual([]);
    },
    120_000,
  );

  it("finds nothing serious in the Daily Bonus popup and the blog editor", async () => {
    await world();
    const results = await Promise.all(
      SIZES.map(([size, viewport]) => bonusAndEditorAudit(size, viewport)),
    );
    expect(
      results.flatMap((result) => result.findings),
      "serious or critical violations",
    ).toEqual([]);
    expect(results.flatMap((result) => result.errors)).toEqual([]);
  }, 180_000);
});
