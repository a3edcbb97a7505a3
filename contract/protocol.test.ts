import { describe, expect, it } from "vitest";
import { parseClientEvent } from "./protocol";

describe("parseClientEvent", () => {
  it("accepts a known event", () => {
    expect(parseClientEvent('{"event":"ping"}')).toEqual({
      ok: true,
      event: { event: "ping" },
    });
  });
  it("explains what is wrong with anything else", () => {
    expect(parseClientEvent("{oops")).toEqual({
      ok: false,
      message: "Messages must be JSON text",
    });
    expect(parseClientEvent(new ArrayBuffer(2))).toEqual({
      ok: false,
      message: "Messages must be JSON text",
    });
    expect(parseClientEvent('{"data":1}')).toEqual({
      ok: false,
      message: "Messages need an event name",
    });
    expect(parseClientEvent('{"event":"nope"}')).toEqual({
      ok: false,
      message: "Unknown or malformed event: nope",
    });
    expect(parseClientEvent("null")).toEqual({
      ok: false,
      message: "Messages need an event name",
    });
  });
});
