// @vitest-environment happy-dom
import { useLocation, useRevalidator } from "@remix-run/react";
import {
  act,
  cleanup,
  fireEvent,
  screen,
  waitFor,
} from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { installFakeApi, renderInRoot } from "../../tests/setup/components";
import { keepVisitorRound } from "~/lib/visitor-round";
import { PendingRounds } from "./PendingRounds";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function ReloadButton() {
  const { revalidate } = useRevalidator();
  return (
    <button type="button" onClick={() => revalidate()}>
      Reload
    </button>
  );
}

function ResultPage() {
  const state = useLocation().state as { round: { score: number } } | null;
  return <h1>Result {state?.round.score}</h1>;
}

describe("PendingRounds", () => {
  it("opens the kept round's result only once a reload of the page's data under way has ended", async () => {
    keepVisitorRound(
      { id: 7, game_id: 3, seed: 1, token: "t".repeat(43) },
      420,
    );
    let releaseClaim = () => {};
    const api = installFakeApi();
    api.answer("POST /api/visitor-rounds/7/claim", {
      body: { _id: 9, score: 420 },
      held: new Promise<void>((resolve) => (releaseClaim = resolve)),
    });
    let pageLoads = 0;
    let finishReload = () => {};
    // Once set, the page's loader answers only when the test says so.
    let held: Promise<object> | null = null;
    renderInRoot(<p>Game page</p>, {
      wrap: (page) => (
        <>
          {page}
          <PendingRounds />
          <ReloadButton />
        </>
      ),
      loader: () => {
        pageLoads += 1;
        return held ?? {};
      },
      routes: [{ path: "/result/:gameId", Component: ResultPage }],
    });
    await screen.findByText("Game page");
    await waitFor(() =>
      expect(api.calls.map((call) => call.route)).toContain(
        "POST /api/visitor-rounds/7/claim",
      ),
    );

    // A reload (the socket's, after the sign-up) is under way when the claim comes back.
    const reloading = pageLoads;
    held = new Promise((resolve) => (finishReload = () => resolve({})));
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(pageLoads).toBe(reloading + 1));
    await act(async () => releaseClaim());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("heading", { name: /Result/ })).toBeNull();

    await act(async () => finishReload());
    await screen.findByRole("heading", { name: "Result 420" });
  });
});
