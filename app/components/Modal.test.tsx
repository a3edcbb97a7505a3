// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal";

afterEach(cleanup);

function open(onClose: () => void) {
  const view = render(
    <Modal labelledBy="title" onClose={onClose}>
      <h2 id="title">Log in</h2>
    </Modal>,
  );
  const dialog = view.container.ownerDocument.querySelector("dialog")!;
  return { view, dialog };
}

describe("Modal", () => {
  it("is open as soon as it is on the page, when its code arrives after a stand-in, so no key press finds it shut", async () => {
    // Outside act(), as in a browser: a lazily loaded dialog replaces its stand-in in a render of its own.
    const actEnvironment = (
      globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    ).IS_REACT_ACT_ENVIRONMENT;
    (
      globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    ).IS_REACT_ACT_ENVIRONMENT = false;
    let arrive = () => {};
    const Dialog = lazy(
      () =>
        new Promise<{ default: () => JSX.Element }>((resolve) => {
          arrive = () =>
            resolve({
              default: () => (
                <Modal labelledBy="title" onClose={() => {}}>
                  <h2 id="title">Log in</h2>
                </Modal>
              ),
            });
        }),
    );
    const host = document.createElement("div");
    document.body.appendChild(host);
    // What a key press landing right after the dialog was put on the page would find.
    const seen: boolean[] = [];
    const observer = new MutationObserver(() => {
      const dialog = host.querySelector("dialog");
      if (dialog) seen.push(dialog.open);
    });
    observer.observe(host, { childList: true, subtree: true });
    const root = createRoot(host);
    try {
      root.render(
        <Suspense fallback={<p>Loading</p>}>
          <Dialog />
        </Suspense>,
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
      arrive();
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
      expect(seen[0]).toBe(true);
    } finally {
      observer.disconnect();
      root.unmount();
      host.remove();
      (
        globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
      ).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it("tells its parent once when Esc closed it, whether the close event came before it was taken off or not", () => {
    const before = vi.fn();
    const first = open(before);
    expect(first.dialog.open).toBe(true);
    first.dialog.close(); // Esc, and its close event (happy-dom fires it at once) before the dialog goes
    first.view.unmount();
    expect(before).toHaveBeenCalledTimes(1);

    // Esc, and the dialog taken off the page (a stand-in replaced) before the browser's close event came.
    const after = vi.fn();
    const second = open(after);
    second.dialog.removeAttribute("open");
    second.view.unmount();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it("does not call onClose when its parent takes it off while it is open", () => {
    const onClose = vi.fn();
    const { view, dialog } = open(onClose);
    expect(dialog.open).toBe(true);
    view.unmount();
    expect(onClose).not.toHaveBeenCalled();
  });
});
