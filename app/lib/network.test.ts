import { describe, expect, it } from "vitest";
import { isNetworkFailure } from "./network";

describe("isNetworkFailure", () => {
  it("knows a fetch that got no answer, as Chromium, Firefox and Safari word it", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(
      isNetworkFailure(
        new TypeError("NetworkError when attempting to fetch resource."),
      ),
    ).toBe(true);
    expect(isNetworkFailure(new TypeError("Load failed"))).toBe(true);
  });

  it("leaves every other error to the error page: a server's answer, a bug, a thrown value", () => {
    expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
    expect(
      isNetworkFailure(new TypeError("Cannot read properties of undefined")),
    ).toBe(false);
    expect(isNetworkFailure("Failed to fetch")).toBe(false);
    expect(isNetworkFailure(new Response(null, { status: 500 }))).toBe(false);
  });
});
