// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { MultiplayerProvider } from "~/components/MultiplayerProvider";
import {
  EXIT_CONFIRMATION,
  GAME_READY_TIMEOUT_MS,
  PRACTICE_NOTICE,
  SLOW_GAME,
  STARTING_ROUND,
} from "~/lib/play";
import type { GameData } from "#contract/game-data";
import type { Viewer } from "~/lib/viewer";
import {
  installFakeApi,
  renderInRoot,
  viewer,
  type FakeApi,
} from "../../tests/setup/components";
import Play from "./play.$id";

const GAME = {
  _id: 7,
  name: "Tower Stack",
  slug: "tower-stack",
  icon: "/games/tower-stack/icon.svg",
  type: 0,
  external_link: null as string | null,
  bundle_url: null as string | null,
  leaderboard_type: 1,
  // Timed, two minutes a round.
  game_modes: [1, 2, 4],
  timed: true,
  maximum_game_time: 120,
};

/** A game from another site that plays as a session (no mode 4), as many portal games do. */
const SESSION_GAME = {
  ...GAME,
  type: 2,
  external_link: "https://games.example/idle/",
  game_modes: [1],
  timed: false,
};
const SESSION_ORIGIN = "https://games.example";

let api: FakeApi;

beforeEach(() => {
  // The clock, the splash and the exit delay are timers: the test moves them on, and real time still passes for the
  // Testing Library's own waits.
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: [
      "setTimeout",
      "clearTimeout",
      "setInterval",
      "clearInterval",
      "Date",
    ],
  });
  api = installFakeApi();
  api.answer("POST /api/gamestats", {
    status: 201,
    body: {
      _id: 41,
      game_id: GAME._id,
      game_type: 0,
      play_time: 0,
      seed: 777,
      challenge_id: null,
      verified: true,
    },
  });
  api.answer("PUT /api/gamestats/41", { body: { _id: 41 } });
  api.answer("POST /api/user/play", { body: {} });
  api.answer("POST /api/player-move", { status: 201, body: {} });
  savedData = [];
  localStorage.clear();
});
afterEach(async () => {
  cleanup();
  // Unmounting closes the play session (PUT /api/gamestats) a few promise turns later: it must reach the fake too.
  await new Promise((resolve) => setImmediate(resolve));
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What the server keeps of the player's data for the game (ADR 031), as the loader reads it. */
let savedData: GameData = [];

function renderPlay(
  user: Viewer | null,
  entry = `/play/${GAME._id}`,
  {
    game = GAME,
    /** false: the page came without the player's data (it was rendered for someone else). */
    withSaved = true,
  }: { game?: typeof GAME; withSaved?: boolean } = {},
) {
  renderInRoot(null, {
    user,
    path: "/play/:id",
    initialEntry: entry,
    loader: () => ({
      game,
      savedData:
        user && withSaved
          ? {
              userId: user._id,
              data: savedData,
              updated_at: savedData.length ? 500 : null,
            }
          : null,
    }),
    Component: Play,
    wrap: (page) => (
      <AccountProvider>
        <MultiplayerProvider>{page}</MultiplayerProvider>
      </AccountProvider>
    ),
    routes: [
      { path: "/result/:id", Component: () => <h1>Result page</h1> },
      { path: "/detail/:id", Component: () => <h1>Detail page</h1> },
    ],
  });
}

/** The game in the frame, seen from the page: what it says through the SDK, and what the page tells it. */
async function gameFrame(origin = "null") {
  // The page points the frame at the game only once its bridge listens; before that a message would be lost.
  const frame = await waitFor(() => {
    const element = screen.getByTitle<HTMLIFrameElement>(GAME.name);
    if (!element.getAttribute("src") || !element.contentWindow)
      throw new Error("the game is not loading yet");
    return element;
  });
  const gameWindow = frame.contentWindow!;
  const commands = vi.spyOn(gameWindow, "postMessage");
  const lastStart = () =>
    commands.mock.calls
      .map(([command]) => command as { type: string; seed?: number })
      .filter((command) => command.type === "start")
      .at(-1);
  return {
    frame,
    /** Posts an SDK message as the sandboxed game would: from the frame's window, with an opaque origin. */
    say(message: {
      type: string;
      value?: number | string;
      log?: string;
      key?: string;
    }) {
      act(() => {
        window.dispatchEvent(
          new MessageEvent("message", {
            data: { source: "playfeed-game", ...message },
            origin,
            source: gameWindow as unknown as MessageEventSource,
          }),
        );
      });
    },
    /** Every command the page sent the game, whole. */
    sent: () =>
      commands.mock.calls.map(
        ([command]) => command as { type: string } & Record<string, unknown>,
      ),
    commands: () =>
      commands.mock.calls.map(
        ([command]) => (command as { type: string }).type,
      ),
    /** The last start command. */
    start: () => lastStart(),
    /** The seed of the last start command. */
    startSeed: () => lastStart()?.seed,
  };
}

/**
 * Moves the fake clock on inside an async act, so what the timers set off and the requests they await (a round's seed)
 * settle within it.
 */
const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const liveScore = () => screen.getByRole("status", { name: "Score" });

/** Past the splash: the game said it is ready and the splash's 2 s are over. */
async function startPlaying(user: Viewer | null) {
  renderPlay(user);
  const game = await gameFrame();
  expect(await screen.findByText("Loading Tower Stack")).toBeTruthy();
  game.say({ type: "ready" });
  await advance(2_000);
  await waitFor(() =>
    expect(screen.queryByText("Loading Tower Stack")).toBeNull(),
  );
  expect(game.commands()).toEqual(["start"]);
  return game;
}

describe("a signed-in player's game data", () => {
  it("comes with the page to the game's start, and each change goes to the server a second later, the last one at once as the page is hidden", async () => {
    savedData = [["best", "64"]];
    api.answer(`PUT /api/game/${GAME._id}/data`, {
      body: { data: [], updated_at: 600 },
    });
    const game = await startPlaying(viewer({ _id: 3 }));
    expect(game.start()).toMatchObject({ storage: [["best", "64"]] });
    const writes = () =>
      api.calls.filter(
        (call) => call.route === `PUT /api/game/${GAME._id}/data`,
      );

    game.say({ type: "storage_set", key: "best", value: "70" });
    game.say({ type: "storage_set", key: "sound", value: "off" });
    // Kept on this device at once, under this player's key; the visitors' key is left alone.
    expect(
      JSON.parse(localStorage.getItem("pf_game:3:tower-stack")!),
    ).toMatchObject({
      data: [
        ["best", "70"],
        ["sound", "off"],
      ],
    });
    expect(localStorage.getItem("pf_game:tower-stack")).toBeNull();
    await advance(900);
    expect(writes()).toEqual([]);
    await advance(100);
    expect(writes()).toEqual([
      {
        route: `PUT /api/game/${GAME._id}/data`,
        body: {
          data: [
            ["best", "70"],
            ["sound", "off"],
          ],
        },
      },
    ]);

    game.say({ type: "storage_set", key: "best", value: "71" });
    await act(async () => {
      Object.defineProperty(document, "visibilityState", {
        configurable: true,
        value: "hidden",
      });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(writes()).toHaveLength(2);
    expect(writes()[1].body).toEqual({
      data: [
        ["best", "71"],
        ["sound", "off"],
      ],
    });
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      value: "visible",
    });
  });
});

describe("the game's greeting (issue #30)", () => {
  // That the frame's name carries the data into the game's first line is seen in Chromium: tests/e2e/play-splash.test.ts.
  it("answers every hello with the player's data, and says nothing on the frame's load", async () => {
    savedData = [["gold", "310"]];
    renderPlay(viewer({ _id: 3 }), undefined, { game: SESSION_GAME });
    const game = await gameFrame(SESSION_ORIGIN);
    act(() => void game.frame.dispatchEvent(new Event("load")));
    expect(game.commands()).toEqual([]);
    game.say({ type: "hello" });
    game.say({ type: "hello" });
    const welcome = {
      source: "playfeed-platform",
      type: "welcome",
      player: { name: "Ava Player", picture: null },
      storage: [["gold", "310"]],
    };
    expect(game.sent()).toEqual([welcome, welcome]);
  });

  it("waits for the data a page came without, and tells the game it is unavailable when the server cannot be read", async () => {
    api.answer(`GET /api/game/${GAME._id}/data`, {
      status: 503,
      body: { error: { code: "unavailable", message: "Try again" } },
    });
    renderPlay(viewer({ _id: 3 }), undefined, {
      game: SESSION_GAME,
      withSaved: false,
    });
    const game = await gameFrame(SESSION_ORIGIN);
    game.say({ type: "hello" });
    await waitFor(() =>
      expect(game.sent()).toEqual([
        {
          source: "playfeed-platform",
          type: "welcome",
          player: { name: "Ava Player", picture: null },
          unavailable: true,
        },
      ]),
    );
    // Back online, the data is read again and the game is welcomed with it.
    api.answer(`GET /api/game/${GAME._id}/data`, {
      body: { data: [["gold", "310"]], updated_at: 900 },
    });
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() =>
      expect(game.sent().at(-1)).toMatchObject({
        type: "welcome",
        storage: [["gold", "310"]],
      }),
    );
    expect(
      api.calls.filter((call) => call.route.startsWith("PUT /api/game/")),
    ).toEqual([]);
  });
});

describe("the splash of a game that does not get going (issue #30)", () => {
  it("offers Exit at once, which closes the play session and goes to the game's page", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPlay(viewer());
    await gameFrame();
    const splash = await screen.findByTestId("play-splash");
    await user.click(within(splash).getByRole("button", { name: "Exit" }));
    expect(
      await screen.findByRole("heading", { name: "Detail page" }),
    ).toBeTruthy();
    expect(api.calls.map((call) => call.route)).toContain(
      "PUT /api/gamestats/41",
    );
  });

  it("says a game not ready after 20 s is taking too long, and Retry loads it again in a new frame", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPlay(null);
    const first = (await gameFrame()).frame;
    await advance(GAME_READY_TIMEOUT_MS - 1_000);
    expect(screen.queryByText(SLOW_GAME.heading)).toBeNull();
    await advance(1_000);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe(
      SLOW_GAME.heading,
    );
    const splash = screen.getByTestId("play-splash");
    expect(within(splash).getByRole("button", { name: "Exit" })).toBeTruthy();
    await user.click(within(splash).getByRole("button", { name: "Retry" }));
    expect(screen.queryByText(SLOW_GAME.heading)).toBeNull();
    const again = await gameFrame();
    expect(again.frame).not.toBe(first);
    expect(again.frame.getAttribute("src")).toBe(first.getAttribute("src"));
    // The new frame has its own 20 s, and a game that says ready in it plays.
    again.say({ type: "ready" });
    await advance(GAME_READY_TIMEOUT_MS);
    expect(screen.queryByText(SLOW_GAME.heading)).toBeNull();
    expect(again.commands()).toEqual(["start"]);
  });
});

describe("an untimed external game (issue #30)", () => {
  it("is a session: its clock counts up past maximum_game_time, no round-over screen, and its time is recorded on exit", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPlay(viewer(), undefined, { game: SESSION_GAME });
    const game = await gameFrame(SESSION_ORIGIN);
    game.say({ type: "ready" });
    await advance(2_000);
    await waitFor(() => expect(game.commands()).toContain("start"));
    expect(game.start()).not.toHaveProperty("duration");
    expect(screen.getByTestId("play-clock").getAttribute("aria-label")).toBe(
      "Time played",
    );
    await advance(200_000);
    expect(screen.getByRole("timer").textContent).toMatch(/^3:2\d$/);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(game.commands()).toEqual(["start"]);
    expect(document.querySelector(".player")?.getAttribute("data-phase")).toBe(
      "playing",
    );

    await user.click(screen.getByRole("button", { name: "Exit game" }));
    const dialog = await screen.findByRole("dialog", {
      name: EXIT_CONFIRMATION,
    });
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    await screen.findByRole("heading", { name: "Detail page" });
    const ended = api.calls.find(
      (call) => call.route === "PUT /api/gamestats/41",
    );
    expect(ended?.body).toMatchObject({
      play_time: expect.any(Number) as number,
    });
    expect((ended?.body as { play_time: number }).play_time).toBeGreaterThan(
      120,
    );
    expect(api.calls.map((call) => call.route)).not.toContain(
      "POST /api/scores",
    );
  });
});

describe("the play screen", () => {
  it("shows the splash until the game is ready and its 2 s are over, then the game with its clock and live score", async () => {
    renderPlay(null);
    const game = await gameFrame();
    expect(await screen.findByText("Loading Tower Stack")).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toBe("2:00");
    await advance(2_000);
    // Not ready yet: the splash stays.
    expect(screen.getByText("Loading Tower Stack")).toBeTruthy();
    expect(game.commands()).toEqual([]);

    game.say({ type: "ready" });
    await waitFor(() =>
      expect(screen.queryByText("Loading Tower Stack")).toBeNull(),
    );
    expect(game.commands()).toEqual(["start"]);
    game.say({ type: "game_score", value: 12 });
    expect(liveScore().textContent).toBe("12");
    await advance(5_000);
    expect(screen.getByRole("timer").textContent).toBe("1:55");
  });

  it("ends a visitor's round on the game's final score, asks them to log in, and plays again", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const game = await startPlaying(null);
    game.say({ type: "game_score", value: 30 });
    game.say({ type: "final_score", value: 30 });
    const over = await screen.findByRole("dialog", { name: "Round over" });
    expect(within(over).getByText("30")).toBeTruthy();
    expect(
      within(over).getByText(
        "Log in to save your scores and climb the leaderboard.",
      ),
    ).toBeTruthy();
    expect(api.calls.map((call) => call.route)).not.toContain(
      "POST /api/scores",
    );

    await user.click(within(over).getByRole("button", { name: "Play again" }));
    await waitFor(() =>
      expect(game.commands()).toEqual(["start", "pause", "start"]),
    );
    expect(screen.queryByRole("dialog", { name: "Round over" })).toBeNull();
    expect(liveScore().textContent).toBe("0");
  });

  it("after Play again, says the next round is starting and holds the game until the server deals its seed", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    api.answer("POST /api/scores", {
      status: 422,
      body: { error: { code: "invalid", message: "Not saved" } },
    });
    const game = await startPlaying(viewer());
    game.say({ type: "final_score", value: 5, log: "AQID" });
    const failed = await screen.findByRole("dialog", {
      name: "Your score was not saved",
    });
    let dealSeed = () => {};
    api.answer("POST /api/gamestats", {
      status: 201,
      held: new Promise<void>((resolve) => (dealSeed = resolve)),
      body: {
        _id: 42,
        game_id: GAME._id,
        game_type: 0,
        play_time: 0,
        seed: 888,
        challenge_id: null,
        verified: true,
      },
    });
    await user.click(
      within(failed).getByRole("button", { name: "Play again" }),
    );
    // A key pressed now would be lost on a game that has not started: the screen says the round is on its way.
    const starting = await screen.findByText(STARTING_ROUND.starting);
    expect(starting.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(STARTING_ROUND.slow)).toBeNull();
    expect(document.querySelector(".player")?.getAttribute("data-phase")).toBe(
      "starting",
    );
    expect(screen.queryByRole("button", { name: "Exit game" })).toBeNull();
    expect(game.commands().at(-1)).toBe("pause");
    // A slow network: the screen says so, and offers the way back to the game's page.
    await advance(8_000);
    expect(screen.getByText(STARTING_ROUND.slow)).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Back to Tower Stack" }),
    ).toBeTruthy();

    // The seed comes while the tab is in the background: the round starts with its clock still, until the tab is back.
    const setHidden = (hidden: boolean) =>
      act(async () => {
        Object.defineProperty(document, "hidden", {
          configurable: true,
          value: hidden,
        });
        document.dispatchEvent(new Event("visibilitychange"));
      });
    await setHidden(true);
    await act(async () => dealSeed());
    await waitFor(() => expect(game.startSeed()).toBe(888));
    expect(document.querySelector(".player")?.getAttribute("data-phase")).toBe(
      "playing",
    );
    expect(screen.queryByText(STARTING_ROUND.starting)).toBeNull();
    await advance(5_000);
    expect(screen.getByRole("timer").textContent).toBe("2:00");
    await setHidden(false);
    await advance(3_000);
    // Ticks fall on whole seconds from the start, so the time shown is 2 or 3 s in.
    expect(screen.getByRole("timer").textContent).toMatch(/^1:5[78]$/);
  });

  it("submits a player's score against the play session and goes on to the result", async () => {
    api.answer("POST /api/scores", {
      status: 201,
      body: {
        _id: 5,
        score: 18,
        stats_id: 41,
        play_time: 3,
        best: { score: 18, rank: 1 },
        challenge: null,
        match_id: null,
      },
    });
    const game = await startPlaying(viewer());
    // The round is played from the seed the server dealt the session, and its log goes back to be replayed.
    expect(game.startSeed()).toBe(777);
    game.say({ type: "game_score", value: 18 });
    game.say({ type: "final_score", value: 18, log: "AQID" });
    expect(
      await screen.findByRole("heading", { name: "Result page" }),
    ).toBeTruthy();
    const submitted = api.calls.find(
      (call) => call.route === "POST /api/scores",
    );
    expect(submitted?.body).toMatchObject({
      score: 18,
      player_id: 1,
      game_id: GAME._id,
      stats_id: 41,
      log: "AQID",
    });
    expect(submitted?.body).not.toHaveProperty("moves");
  });

  it("counts the game's gameplay as the play session's time: its menu and game-over screen are left out", async () => {
    api.answer("POST /api/scores", {
      status: 201,
      body: {
        _id: 5,
        score: 4,
        stats_id: 41,
        play_time: 8,
        best: { score: 4, rank: 1 },
        challenge: null,
        match_id: null,
      },
    });
    const game = await startPlaying(viewer());
    // The game's own menu, then its Play button.
    await advance(6_000);
    game.say({ type: "gameplay_start" });
    await advance(5_000);
    game.say({ type: "gameplay_stop" });
    await advance(20_000);
    expect(screen.getByRole("timer").textContent).toBe("1:55");
    game.say({ type: "gameplay_start" });
    await advance(3_000);
    game.say({ type: "final_score", value: 4, log: "AQID" });
    await screen.findByRole("heading", { name: "Result page" });
    expect(
      api.calls.find((call) => call.route === "POST /api/scores")?.body,
    ).toMatchObject({ score: 4, play_time: 8 });
  });

  it("tells the game the player's public name and picture, and shows when the game says its gameplay is on", async () => {
    const game = await startPlaying(
      viewer({ profile_img: "users/ava.png", profile_pic: null }),
    );
    expect(game.start()).toMatchObject({
      player: {
        name: "Ava Player",
        picture: `${window.location.origin}/media/users/ava.png`,
      },
    });
    const player = document.querySelector(".player")!;
    expect(player.getAttribute("data-gameplay")).toBeNull();
    game.say({ type: "gameplay_start" });
    expect(player.getAttribute("data-gameplay")).toBe("on");
    game.say({ type: "gameplay_stop" });
    expect(player.getAttribute("data-gameplay")).toBe("off");
  });

  it("says why a player's score was not saved, and offers another round", async () => {
    api.answer("POST /api/scores", {
      status: 422,
      body: {
        error: {
          code: "refused",
          message: "This score came in faster than the game can be played",
        },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const game = await startPlaying(viewer());
    game.say({ type: "final_score", value: 900 });
    const failed = await screen.findByRole("dialog", {
      name: "Your score was not saved",
    });
    expect(within(failed).getByRole("alert").textContent).toBe(
      "This score came in faster than the game can be played",
    );
    expect(within(failed).getByText("900")).toBeTruthy();
    expect(
      within(failed).getByRole("link", { name: "Back to Tower Stack" }),
    ).toBeTruthy();
    await user.click(
      within(failed).getByRole("button", { name: "Play again" }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole("dialog", { name: "Your score was not saved" }),
      ).toBeNull(),
    );
    expect(game.commands().at(-1)).toBe("start");
  });

  it("offers the exit after 10 s, pauses the game while asking, and Cancel resumes it", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const game = await startPlaying(viewer());
    await advance(9_000);
    expect(screen.queryByRole("button", { name: "Exit game" })).toBeNull();
    await advance(1_000);
    await user.click(await screen.findByRole("button", { name: "Exit game" }));
    const dialog = await screen.findByRole("dialog", {
      name: EXIT_CONFIRMATION,
    });
    expect(game.commands()).toEqual(["start", "pause"]);
    // The clock stands still while the question is open.
    const clock = () => screen.getByRole("timer").textContent;
    const shown = clock();
    await advance(5_000);
    expect(clock()).toBe(shown);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(
        screen.queryByRole("dialog", { name: EXIT_CONFIRMATION }),
      ).toBeNull(),
    );
    expect(game.commands()).toEqual(["start", "pause", "resume"]);
  });

  it("leaves for the game's page on Yes, closing the play session", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await startPlaying(viewer());
    await advance(10_000);
    await user.click(await screen.findByRole("button", { name: "Exit game" }));
    const dialog = await screen.findByRole("dialog", {
      name: EXIT_CONFIRMATION,
    });
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(
      await screen.findByRole("heading", { name: "Detail page" }),
    ).toBeTruthy();
    expect(api.calls.map((call) => call.route)).toContain(
      "PUT /api/gamestats/41",
    );
  });
});

describe("the play screen offline", () => {
  const GAME_FILES: Record<string, string> = {
    "/games/tower-stack/":
      '<!doctype html><html><head><title>Tower Stack</title></head><body><script src="/sdk/playfeed-sdk.js"></script><script src="game.js"></script></body></html>',
    "/sdk/playfeed-sdk.js": "/* sdk */",
    "/games/tower-stack/game.js": "/* game */",
  };

  /** The browser is offline; the service worker still has the game's files when `kept` (the rest fails as before). */
  function goOffline(kept: boolean) {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const apiFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      const url =
        typeof input === "string"
          ? input
          : input instanceof URL
            ? input.href
            : input.url;
      const path = new URL(url, "http://localhost").pathname;
      if (kept && path in GAME_FILES)
        return Promise.resolve(new Response(GAME_FILES[path]));
      return apiFetch(input, init);
    });
  }

  afterEach(() => vi.restoreAllMocks());

  it("plays a practice round from the kept copy: said on screen, no session, nothing sent, and another one on Play again", async () => {
    goOffline(true);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPlay(viewer());
    const frame = await waitFor(() => {
      const element = screen.getByTitle<HTMLIFrameElement>(GAME.name);
      if (!element.srcdoc) throw new Error("the kept game is not in yet");
      return element;
    });
    expect(frame.getAttribute("src")).toBeNull();
    expect(frame.srcdoc).toContain("/* game */");
    expect((await screen.findByTestId("practice-notice")).textContent).toBe(
      `Practice round: ${PRACTICE_NOTICE.offline}`,
    );

    const gameWindow = frame.contentWindow!;
    const say = (message: { type: string; value?: number }) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent("message", {
            data: { source: "playfeed-game", ...message },
            origin: "null",
            source: gameWindow as unknown as MessageEventSource,
          }),
        );
      });
    say({ type: "ready" });
    await advance(2_000);
    await waitFor(() =>
      expect(
        document.querySelector(".player")?.getAttribute("data-phase"),
      ).toBe("playing"),
    );
    say({ type: "final_score", value: 12 });
    const over = await screen.findByRole("dialog", {
      name: "Practice round over",
    });
    expect(within(over).getByText("12")).toBeTruthy();
    expect(within(over).getByText(PRACTICE_NOTICE.over)).toBeTruthy();

    await user.click(within(over).getByRole("button", { name: "Play again" }));
    await waitFor(() =>
      expect(
        screen.queryByRole("dialog", { name: "Practice round over" }),
      ).toBeNull(),
    );
    expect(await screen.findByTestId("practice-notice")).toBeTruthy();
    say({ type: "final_score", value: 3 });
    await screen.findByRole("dialog", { name: "Practice round over" });

    // No play session, no play record, no score, no analytics beacon: nothing went out, and nothing waits to.
    expect(api.calls.filter((call) => !call.route.startsWith("GET "))).toEqual(
      [],
    );
    expect(localStorage.getItem("pf:round-outbox")).toBeNull();
  });

  it("says a game never kept on this device needs a connection", async () => {
    goOffline(false);
    renderPlay(viewer());
    expect(
      await screen.findByRole("heading", {
        name: "This game needs a connection",
      }),
    ).toBeTruthy();
    expect(screen.queryByText("Loading Tower Stack")).toBeNull();
    expect(
      screen.getByRole("link", { name: /Back to Tower Stack/ }),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.route.startsWith("POST"))).toEqual(
      [],
    );
  });
});
