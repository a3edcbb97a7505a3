// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BACK_ONLINE_TEXT, OFFLINE_TEXT } from "~/lib/network";
import { renderInRoot } from "../../tests/setup/components";
import { BACK_ONLINE_MS, OfflineNotice } from "./OfflineNotice";

let online = true;

function goOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? "online" : "offline"));
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  online = true;
});

async function renderNotice() {
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  renderInRoot(
    <>
      <h1>Home</h1>
      <OfflineNotice />
    </>,
  );
  await screen.findByRole("heading", { name: "Home" });
  return screen.getByTestId("offline-notice");
}

describe("OfflineNotice", () => {
  it("is a polite live region that says nothing while the network is there", async () => {
    const notice = await renderNotice();
    expect(notice.getAttribute("role")).toBe("status");
    expect(notice.getAttribute("aria-live")).toBe("polite");
    expect(notice.textContent).toBe("");
  });

  it("says when the network goes, and that it is back for a few seconds, then nothing", async () => {
    const notice = await renderNotice();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    goOnline(false);
    expect(notice.textContent).toBe(OFFLINE_TEXT);
    expect(notice.className).toContain("offline-notice--offline");

    goOnline(true);
    expect(notice.textContent).toBe(BACK_ONLINE_TEXT);
    act(() => {
      vi.advanceTimersByTime(BACK_ONLINE_MS - 1);
    });
    expect(notice.textContent).toBe(BACK_ONLINE_TEXT);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(notice.textContent).toBe("");
  });

  it("says it at once on a page opened offline", async () => {
    online = false;
    const notice = await renderNotice();
    expect(notice.textContent).toBe(OFFLINE_TEXT);
  });
});
