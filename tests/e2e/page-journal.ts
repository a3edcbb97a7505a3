import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach } from "vitest";

/**
 * What each page of a test went through, printed when the test fails: its document loads and in-page navigations,
 * requests that failed or were refused, uncaught errors, and where it stands at the end (address, readiness, whether
 * React has taken the page over). A failure seen only in CI's whole run is then read from its log instead of guessed
 * at (docs/developing.md, "Browser tests under load"). A setup file, so the hooks below wrap every browser test.
 */

interface Journal {
  page: Page;
  lines: string[];
}

/** The most lines kept a page: the last ones tell what happened just before the failure. */
const LINES_KEPT = 40;
const journals: Journal[] = [];
/** The contexts the current test opened: a failed test leaves its own open, and they go before its second try. */
const testContexts: BrowserContext[] = [];
let testStarted = Date.now();

const since = () => `+${((Date.now() - testStarted) / 1000).toFixed(1)}s`;
const shortUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`.slice(0, 160);
  } catch {
    return url.slice(0, 160);
  }
};

function keep(journal: Journal, line: string) {
  journal.lines.push(`${since()} ${line}`);
  if (journal.lines.length > LINES_KEPT) journal.lines.shift();
}

function journalPage(page: Page) {
  const journal: Journal = { page, lines: [] };
  journals.push(journal);
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame())
      keep(journal, `at ${shortUrl(frame.url())}`);
  });
  page.on("load", () =>
    keep(journal, `document loaded ${shortUrl(page.url())}`),
  );
  page.on("requestfailed", (request) =>
    keep(
      journal,
      `failed ${request.method()} ${shortUrl(request.url())}: ${request.failure()?.errorText ?? ""}`,
    ),
  );
  page.on("response", (response) => {
    if (response.status() >= 400)
      keep(
        journal,
        `${response.status()} ${response.request().method()} ${shortUrl(response.url())}`,
      );
  });
  page.on("pageerror", (error) => keep(journal, `error ${error.message}`));
  page.on("close", () => keep(journal, "closed"));
}

/** Journals every page of every context the browser opens from now on. */
export function journalPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const context = await newContext(...options);
    testContexts.push(context);
    context.on("page", journalPage);
    return context;
  };
  return browser;
}

/** The page's address and state now, or why it could not be read within 2 s (a page stuck in a script, say). */
async function standing(page: Page): Promise<string> {
  if (page.isClosed()) return "closed";
  const state = page
    .evaluate(() => {
      const header = document.querySelector(".site-header");
      const hydrated =
        !!header &&
        Object.keys(header).some((key) => key.startsWith("__reactFiber"));
      return `${document.readyState}, ${hydrated ? "hydrated" : "not hydrated"}`;
    })
    .catch((error: Error) => `unreadable (${error.message.split("\n")[0]})`);
  const timeout = new Promise<string>((resolve) =>
    setTimeout(() => resolve("no answer in 2 s"), 2000),
  );
  return `${shortUrl(page.url())}: ${await Promise.race([state, timeout])}`;
}

// A test's journal starts with it; a page opened before it (in a beforeAll) keeps its place, a closed one goes.
beforeEach(() => {
  for (let index = journals.length - 1; index >= 0; index--) {
    if (journals[index].page.isClosed()) journals.splice(index, 1);
    else journals[index].lines.length = 0;
  }
  testContexts.length = 0;
  testStarted = Date.now();
});

/** The journals of the current test's pages, titled `title`, each page with where it stands now. */
export async function journalReport(title: string): Promise<string> {
  const parts = [`[page journal] ${title}`];
  for (const [index, journal] of journals.entries()) {
    parts.push(`  page ${index + 1}, now ${await standing(journal.page)}`);
    parts.push(...journal.lines.map((line) => `    ${line}`));
  }
  return parts.join("\n");
}

afterEach(async ({ task }) => {
  if (task.result?.state !== "fail") return;
  if (journals.length > 0)
    process.stderr.write(`${await journalReport(task.name)}\n`);
  await Promise.all(
    testContexts.splice(0).map((context) => context.close().catch(() => {})),
  );
});
