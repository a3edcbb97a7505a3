// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localTurnText } from "~/lib/bonus-clock";
import { renderInRoot, viewer } from "../../../tests/setup/components";
import { BonusScheduleText } from "./BonusSchedule";
import { DailyBonusPanel } from "./DailyBonusPanel";
import { DailyBonusPopup } from "./DailyBonusPopup";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-05-04T18:48:00Z");
const TURN = at("2026-05-05T00:00:00Z");

/** Stops the clock at `now`; timers still run, so the countdown's own tick comes as it would. */
function clockAt(now: number) {
  vi.useFakeTimers({ toFake: ["Date"], now });
}

const countdown = () => screen.findByTestId("bonus-countdown-time");

describe("the daily bonus popup", () => {
  it("counts down to the next bonus and says it in the player's time", async () => {
    clockAt(NOW);
    renderInRoot(
      <DailyBonusPopup
        loginDay={2}
        onCollect={() => Promise.resolve()}
        onClose={() => undefined}
      />,
    );
    expect((await countdown()).textContent).toBe("5 h 12 min");
    expect(screen.getByTestId("bonus-local-time").textContent).toBe(
      localTurnText(TURN, NOW),
    );
    expect(screen.getByTestId("bonus-countdown").textContent).toContain(
      "Collect today's before then.",
    );
    expect(screen.getByTestId("bonus-rule").textContent).toMatch(
      /^A new bonus day starts at 00:00 UTC \(.+ where you are\)\. Collect once every day to keep your streak: if a whole day goes by without collecting, it starts again at Day 1\.$/,
    );

    // Live: a minute later it says so, without any reload.
    vi.setSystemTime(NOW + 61_000);
    await waitFor(async () =>
      expect((await countdown()).textContent).toBe("5 h 10 min"),
    );
  });
});

describe("the shop's daily bonus", () => {
  it("offers today's bonus with a Collect form and counts down to the next one", async () => {
    clockAt(at("2026-05-04T23:30:00Z"));
    const posted: Array<Record<string, string>> = [];
    renderInRoot(null, {
      user: viewer({ login_day: 2, daily_bonus_status: 0 }),
      path: "/shop",
      Component: () => (
        <DailyBonusPanel
          viewer={viewer({ login_day: 2, daily_bonus_status: 0 })}
        />
      ),
      action: async ({ request }) => {
        posted.push(
          Object.fromEntries(
            [...(await request.formData())].map(([key, value]) => [
              key,
              typeof value === "string" ? value : value.name,
            ]),
          ),
        );
        return { ok: true, answer: {} };
      },
    });
    expect((await countdown()).textContent).toBe("30 min");
    expect(screen.getByTestId("bonus-status").textContent).toBe(
      "Day 3: 150 coins to collect today.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Collect" }));
    await waitFor(() => expect(posted).toEqual([{ coins: "150" }]));
  });

  it("says the bonus is collected, and reads the page again when the day turns", async () => {
    // Half a second before the turn: the countdown's next tick (a second at most) comes after it.
    clockAt(TURN - 500);
    let loads = 0;
    renderInRoot(null, {
      user: viewer({ login_day: 4, daily_bonus_status: 1 }),
      path: "/shop",
      loader: () => {
        loads += 1;
        return {};
      },
      Component: () => (
        <DailyBonusPanel
          viewer={viewer({ login_day: 4, daily_bonus_status: 1 })}
        />
      ),
    });
    expect((await countdown()).textContent).toBe("less than a minute");
    expect(screen.getByTestId("bonus-status").textContent).toBe(
      "Collected today: Day 5, 250 coins.",
    );
    expect(screen.queryByRole("button", { name: "Collect" })).toBeNull();
    expect(screen.getByTestId("bonus-countdown").textContent).not.toContain(
      "Collect today's",
    );
    const loadsBefore = loads;
    vi.setSystemTime(TURN + 1000);
    await waitFor(() => expect(loads).toBeGreaterThan(loadsBefore), {
      timeout: 3_000,
    });
    expect((await countdown()).textContent).toBe("23 h 59 min");
  });
});

describe("the server's HTML", () => {
  it("names no local time, only what is true in every time zone", () => {
    const html = renderToString(
      <BonusScheduleText now={null} pending />,
    ).replaceAll("<!-- -->", "");
    expect(html).toContain("Next bonus at <strong>00:00 UTC</strong>");
    expect(html).toContain("A new bonus day starts at 00:00 UTC.");
    expect(html).not.toContain("where you are");
    expect(html).not.toMatch(/AM|PM|GMT/);
  });
});
