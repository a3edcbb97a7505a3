// @vitest-environment happy-dom
import {
  act,
  cleanup,
  render,
  renderHook,
  screen,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { checklistOf } from "~/lib/inspector";
import { InspectorChecklist } from "./InspectorChecklist";
import { InspectorPanel } from "./InspectorPanel";
import { useInspector } from "./useInspector";

afterEach(cleanup);

function Inspector({
  inspector,
}: {
  inspector: ReturnType<typeof useInspector>;
}) {
  return (
    <>
      <InspectorChecklist
        items={checklistOf(inspector.state)}
        measuring={inspector.state.measuring}
        onMeasure={inspector.measure}
      />
      <InspectorPanel entries={inspector.state.entries} />
    </>
  );
}

describe("the SDK inspector's panel and checklist", () => {
  it("shows each message as it passes, and ticks the checklist", () => {
    const { result } = renderHook(() => useInspector());
    const view = render(<Inspector inspector={result.current} />);
    expect(
      screen.getByText("Waiting for the game's first message…"),
    ).toBeTruthy();
    act(() => {
      result.current.onTraffic({
        direction: "in",
        message: { source: "playfeed-game", type: "ready" },
      });
      result.current.onTraffic({
        direction: "out",
        command: { type: "start", seed: 7 },
      });
      result.current.onTraffic({
        direction: "in",
        message: {
          source: "playfeed-game",
          type: "storage_set",
          key: "best",
          value: "99",
        },
      });
    });
    view.rerender(<Inspector inspector={result.current} />);
    const log = screen.getByRole("log");
    const lines = within(log).getAllByRole("listitem");
    expect(lines.map((line) => line.dataset.type)).toEqual([
      "ready",
      "start",
      "storage_set",
    ]);
    expect(within(lines[1]).getByText("platform to game")).toBeTruthy();
    expect(within(lines[2]).getByText("6 ch")).toBeTruthy();
    const loading = screen.getByText("Loading finished", {
      selector: ".inspector-checklist__label, .inspector-checklist__label *",
    });
    expect(loading.closest("li")!.dataset.status).toBe("passed");
    expect(
      screen.getByText(/No uncaught errors/).closest("li")!.dataset.status,
    ).toBe("passed");
  });

  it("sets the frame's size from its toggle, pressed one at a time", async () => {
    const { result } = renderHook(() => useInspector());
    const view = render(<Inspector inspector={result.current} />);
    await userEvent.click(screen.getByRole("button", { name: "Phone size" }));
    view.rerender(<Inspector inspector={result.current} />);
    expect(result.current.state.measuring).toBe("phone");
    expect(
      screen
        .getByRole("button", { name: "Phone size" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(
      screen.getByRole("button", { name: "Fill" }).getAttribute("aria-pressed"),
    ).toBe("false");
    expect(screen.getByText(/Fits 390×844/).closest("li")!.dataset.status).toBe(
      "checking",
    );
  });
});
