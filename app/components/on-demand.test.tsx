// @vitest-environment happy-dom
import { act, useState, type ComponentType } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onDemand, partsOnThePage } from "./on-demand";

/** A part with state: its count shows whether React runs it. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <form method="post" action="/count">
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    </form>
  );
}

// Hydration and renders here go through act(), as in a test that renders with Testing Library.
(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
});

/** The page as the server sends it, with the part drawn by the server's build of it. */
function serverPage(name: string): HTMLElement {
  const Server = onDemand(name, Counter, () => Promise.resolve(Counter));
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <main>
      <h1>Game</h1>
      <Server label="Tap" />
    </main>,
  );
  document.body.appendChild(container);
  return container;
}

function hydrate(
  container: HTMLElement,
  Part: ComponentType<{ label: string }>,
) {
  act(() => {
    roots.push(
      hydrateRoot(
        container,
        <main>
          <h1>Game</h1>
          <Part label="Tap" />
        </main>,
      ),
    );
  });
}

describe("onDemand", () => {
  it("hydrates a part whose code came before hydration in place: the server's button is the live one", async () => {
    const container = serverPage("counter-loaded");
    const button = container.querySelector("button")!;
    const Browser = onDemand<{ label: string }>("counter-loaded", null, () =>
      Promise.resolve(Counter),
    );
    await partsOnThePage(document);
    hydrate(container, Browser);
    expect(container.querySelector("button")).toBe(button);
    act(() => button.click());
    expect(button.textContent).toBe("Tap 1");
  });

  it("keeps the server's markup as it is while the code is on its way, then runs the part", async () => {
    const container = serverPage("counter-late");
    const served = container.innerHTML;
    let arrive = () => {};
    const Browser = onDemand<{ label: string }>(
      "counter-late",
      null,
      () =>
        new Promise((resolve) => {
          arrive = () => resolve(Counter);
        }),
    );
    // No partsOnThePage: as if its one try before hydration had failed. No mismatch is logged (a logged error fails).
    hydrate(container, Browser);
    expect(container.innerHTML).toBe(served);
    expect(container.querySelector("form")?.getAttribute("action")).toBe(
      "/count",
    );

    await act(async () => arrive());
    const button = container.querySelector("button")!;
    act(() => button.click());
    expect(button.textContent).toBe("Tap 1");
  });

  it("holds a spinner's place when the browser alone shows the part, until its code comes", async () => {
    let arrive = () => {};
    const Browser = onDemand<{ label: string }>(
      "counter-client",
      null,
      () =>
        new Promise((resolve) => {
          arrive = () => resolve(Counter);
        }),
    );
    const { createRoot } = await import("react-dom/client");
    const container = document.createElement("div");
    document.body.appendChild(container);
    const root = createRoot(container);
    roots.push(root);
    act(() => root.render(<Browser label="Tap" />));
    expect(container.querySelector("button")).toBeNull();
    expect(container.textContent).not.toContain("Tap");
    await act(async () => arrive());
    expect(container.querySelector("button")?.textContent).toBe("Tap 0");
  });

  describe("a part below the first screen (load: near)", () => {
    /** An IntersectionObserver the test moves: `near()` tells every watcher its element is near the screen. */
    function watchedScreen() {
      const watchers: Array<(entries: { isIntersecting: boolean }[]) => void> =
        [];
      vi.stubGlobal(
        "IntersectionObserver",
        class {
          constructor(
            callback: (entries: { isIntersecting: boolean }[]) => void,
          ) {
            watchers.push(callback);
          }
          observe() {}
          disconnect() {}
        },
      );
      return {
        near: () =>
          act(() => {
            for (const watcher of watchers) watcher([{ isIntersecting: true }]);
          }),
      };
    }
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    function deferredPart(name: string) {
      let arrive = () => {};
      const load = vi.fn(
        () =>
          new Promise<ComponentType<{ label: string }>>((resolve) => {
            arrive = () => resolve(Counter);
          }),
      );
      const Browser = onDemand<{ label: string }>(name, null, load, {
        load: "near",
      });
      return { Browser, load, arrive: () => arrive() };
    }

    it("keeps the server's markup and loads nothing before hydration, nor until it comes near the screen", async () => {
      const screenWatch = watchedScreen();
      const container = serverPage("board-near");
      const served = container.innerHTML;
      const { Browser, load, arrive } = deferredPart("board-near");
      await partsOnThePage(document);
      expect(load).not.toHaveBeenCalled();
      hydrate(container, Browser);
      expect(container.innerHTML).toBe(served);
      expect(load).not.toHaveBeenCalled();

      screenWatch.near();
      expect(load).toHaveBeenCalledTimes(1);
      await act(async () => arrive());
      const button = container.querySelector("button")!;
      act(() => button.click());
      expect(button.textContent).toBe("Tap 1");
    });

    it("keeps a tap made before its code came, and plays it on the same button once it runs", async () => {
      watchedScreen();
      const container = serverPage("board-tapped");
      const { Browser, load, arrive } = deferredPart("board-tapped");
      hydrate(container, Browser);
      act(() => container.querySelector("button")!.click());
      expect(load).toHaveBeenCalledTimes(1);
      expect(container.querySelector("button")?.textContent).toBe("Tap 0");

      await act(async () => arrive());
      expect(container.querySelector("button")?.textContent).toBe("Tap 1");
    });
  });
});
