// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunView } from "#contract/runs";
import { installFakeApi, renderInRoot } from "../../tests/setup/components";
import Watch from "./watch.$runId";

const GAME = {
  _id: 7,
  name: "Tower Stack",
  slug: "tower-stack",
  type: 0,
  external_link: null as string | null,
  leaderboard_type: 1,
};
const RUN: RunView = {
  run_id: "r-41",
  game_id: GAME._id,
  player_id: 2,
  player_name: "Bea Builder",
  score: 64,
  seed: 777,
  hidden_seed: null,
  log: "1:L;4:R;9:D",
  steps: 3,
};

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWatch(game = GAME) {
  renderInRoot(null, {
    path: "/watch/:runId",
    initialEntry: `/watch/${RUN.run_id}`,
    loader: () => ({ run: RUN, game }),
    Component: Watch,
  });
}

/** The game in the frame, seen from the page: what it says through the SDK, and what the page tells it. */
async function gameFrame() {
  const frame = await waitFor(() => {
    const element = screen.getByTitle<HTMLIFrameElement>(
      `${GAME.name}: ${RUN.player_name}'s run`,
    );
    if (!element.getAttribute("src") || !element.contentWindow)
      throw new Error("the game is not loading yet");
    return element;
  });
  const gameWindow = frame.contentWindow!;
  const commands = vi.spyOn(gameWindow, "postMessage");
  return {
    say(message: { type: string; value?: number }) {
      act(() => {
        window.dispatchEvent(
          new MessageEvent("message", {
            data: { source: "playfeed-game", ...message },
            origin: "null",
            source: gameWindow as unknown as MessageEventSource,
          }),
        );
      });
    },
    sent: () =>
      commands.mock.calls.map(
        ([command]) => command as { type: string } & Record<string, unknown>,
      ),
  };
}

const score = () => screen.getByTestId("watch-score").textContent;
const ended = () => screen.getByTestId("watch-ended");

describe("/watch/:runId", () => {
  it("replays the run once the game is ready, follows its score and switches to 4× in place", async () => {
    const user = userEvent.setup();
    renderWatch();
    const game = await gameFrame();
    game.say({ type: "ready" });
    expect(game.sent()).toMatchObject([
      { type: "watch", seed: RUN.seed, log: RUN.log, speed: 1 },
    ]);
    expect(game.sent()[0]).not.toHaveProperty("hiddenSeed");

    game.say({ type: "game_score", value: 12 });
    expect(score()).toBe("12");

    const fast = screen.getByRole("button", { name: "4×" });
    expect(fast.getAttribute("aria-pressed")).toBe("false");
    await user.click(fast);
    expect(fast.getAttribute("aria-pressed")).toBe("true");
    expect(
      screen.getByRole("button", { name: "1×" }).getAttribute("aria-pressed"),
    ).toBe("false");
    expect(game.sent().at(-1)).toMatchObject({ type: "speed", speed: 4 });
    expect(ended().hidden).toBe(true);
  });

  it("shows the end of the run with its score, and Watch again starts it over at the speed chosen", async () => {
    const user = userEvent.setup();
    renderWatch();
    const game = await gameFrame();
    game.say({ type: "ready" });
    await user.click(screen.getByRole("button", { name: "4×" }));
    game.say({ type: "watch_end", value: 64 });
    expect(ended().hidden).toBe(false);
    expect(ended().querySelector(".player__final")?.textContent).toBe("64");
    expect(score()).toBe("64");

    await user.click(screen.getByRole("button", { name: "Watch again" }));
    expect(ended().hidden).toBe(true);
    expect(score()).toBe("0");
    expect(game.sent().at(-1)).toMatchObject({ type: "watch", speed: 4 });
  });

  it("counts a levels game's run in levels", async () => {
    renderWatch({ ...GAME, leaderboard_type: 2 });
    const game = await gameFrame();
    game.say({ type: "ready" });
    game.say({ type: "watch_end", value: 9 });
    expect(screen.getByRole("status", { name: "Level" }).textContent).toBe(
      "Level 9",
    );
    expect(ended().querySelector(".player__final")?.textContent).toBe(
      "Level 9",
    );
  });
});
