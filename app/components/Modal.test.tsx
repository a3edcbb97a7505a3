// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
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
