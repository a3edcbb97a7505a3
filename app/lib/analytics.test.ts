import { afterEach, describe, expect, it, vi } from "vitest";
import { track } from "./analytics";

afterEach(() => vi.unstubAllGlobals());

describe("track", () => {
  it("pushes the event to window.dataLayer", () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal("window", { dataLayer });
    track("SignUpOpen");
    track("SignUpSuccess", { method: "email" });
    expect(dataLayer).toEqual([{ event: "SignUpOpen" }, { method: "email", event: "SignUpSuccess" }]);
  });

  it("does nothing without a dataLayer or a window", () => {
    vi.stubGlobal("window", {});
    expect(() => track("SignUpOpen")).not.toThrow();
    vi.unstubAllGlobals();
    expect(() => track("SignUpOpen")).not.toThrow();
  });
});
