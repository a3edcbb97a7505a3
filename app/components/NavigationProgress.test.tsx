// @vitest-environment happy-dom
import { Link } from "@remix-run/react";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInRoot } from "../../tests/setup/components";
import {
  NavigationProgress,
  PROGRESS_DELAY_MS,
  PROGRESS_FINISH_MS,
} from "./NavigationProgress";

let finishLoading: () => void;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A page with a link to /next, whose loader answers only when the test says so. */
function renderWithSlowPage() {
  renderInRoot(<Link to="/next">Next</Link>, {
    // In the root, as app/root.tsx has it: it stays while the pages change under it.
    wrap: (page) => (
      <>
        {page}
        <NavigationProgress />
      </>
    ),
    routes: [
      {
        path: "/next",
        loader: () =>
          new Promise<null>((resolve) => {
            finishLoading = () => resolve(null);
          }),
        Component: () => <h1>Next page</h1>,
      },
    ],
  });
}

const bar = () => screen.queryByTestId("navigation-progress");
const announcement = () => screen.getByRole("status").textContent;

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Clicks the link once the page is there; from then on the test moves the clock (the router's promises run as usual). */
async function startNavigation() {
  await screen.findByRole("link", { name: "Next" });
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await act(async () => {
    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await Promise.resolve();
  });
}

async function arrive() {
  await act(async () => {
    finishLoading();
    await vi.advanceTimersByTimeAsync(0);
  });
  screen.getByRole("heading", { name: "Next page" });
}

describe("NavigationProgress", () => {
  it("appears only once a navigation has taken PROGRESS_DELAY_MS, says so politely, then fills and goes", async () => {
    renderWithSlowPage();
    await startNavigation();
    await wait(PROGRESS_DELAY_MS - 1);
    expect(bar()).toBeNull();
    expect(announcement()).toBe("");

    await wait(1);
    expect(bar()?.className).toBe("nav-progress nav-progress--running");
    expect(bar()?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("polite");
    expect(announcement()).toBe("Loading page");

    await arrive();
    expect(bar()?.className).toBe("nav-progress nav-progress--finishing");
    expect(announcement()).toBe("");
    await wait(PROGRESS_FINISH_MS);
    expect(bar()).toBeNull();
  });

  it("shows nothing for a navigation quicker than the delay", async () => {
    renderWithSlowPage();
    await startNavigation();
    await wait(PROGRESS_DELAY_MS - 50);
    expect(bar()).toBeNull();
    await arrive();
    expect(bar()).toBeNull();
    await wait(PROGRESS_DELAY_MS + PROGRESS_FINISH_MS);
    expect(bar()).toBeNull();
    expect(announcement()).toBe("");
  });
});
