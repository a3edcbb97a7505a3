// @vitest-environment happy-dom
import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
} from "@testing-library/react";
import { useCallback, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DismissButton, POPUP_SHOWN_MS, useTimedPopup } from "./TimedPopup";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A popup of `latest` with a link in it, as the message alert and the notification toast are. */
function Popup({ first }: { first: string }) {
  const [latest, setLatest] = useState<string | null>(first);
  const hide = useCallback(() => setLatest(null), []);
  const { holdWhileOn, dismiss } = useTimedPopup(latest, hide);
  return (
    <>
      <button type="button" onClick={() => setLatest(`${first} again`)}>
        Another
      </button>
      <button type="button">Elsewhere</button>
      {latest ? (
        <div data-testid="popup" {...holdWhileOn}>
          <a href="/social">{latest}</a>
          <DismissButton onClick={dismiss} />
        </div>
      ) : null}
    </>
  );
}

const popup = () => screen.queryByTestId("popup");
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("useTimedPopup", () => {
  it("goes by itself once the latest has been shown its time, timed again when a newer one comes", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<Popup first="Hi" />);
    wait(POPUP_SHOWN_MS - 1_000);
    fireEvent.click(screen.getByRole("button", { name: "Another" }));
    wait(POPUP_SHOWN_MS - 1);
    expect(popup()?.textContent).toContain("Hi again");
    wait(1);
    expect(popup()).toBeNull();
  });

  it("stays while the pointer is on it, and is timed afresh once it leaves", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<Popup first="Hi" />);
    fireEvent.mouseEnter(popup()!);
    wait(3 * POPUP_SHOWN_MS);
    expect(popup()).not.toBeNull();
    fireEvent.mouseLeave(popup()!);
    wait(POPUP_SHOWN_MS - 1);
    expect(popup()).not.toBeNull();
    wait(1);
    expect(popup()).toBeNull();
  });

  it("stays while the focus is within it, from its link to its close button, and goes once the focus leaves", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<Popup first="Hi" />);
    const link = screen.getByRole("link", { name: "Hi" });
    const close = screen.getByRole("button", { name: "Dismiss" });
    fireEvent.focus(link);
    fireEvent.blur(link, { relatedTarget: close });
    fireEvent.focus(close);
    wait(3 * POPUP_SHOWN_MS);
    expect(popup()).not.toBeNull();
    fireEvent.blur(close, {
      relatedTarget: screen.getByRole("button", { name: "Elsewhere" }),
    });
    wait(POPUP_SHOWN_MS);
    expect(popup()).toBeNull();
  });

  it("goes at once with its close button, even while held", () => {
    render(<Popup first="Hi" />);
    fireEvent.mouseEnter(popup()!);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(popup()).toBeNull();
  });
});
