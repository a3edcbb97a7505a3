// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import {
  forgetCheckpoint,
  keepCheckpoint,
  readCheckpoint,
} from "./play-checkpoint";

afterEach(() => sessionStorage.clear());

describe("a match round's checkpoint", () => {
  it("is kept per room, read back, and forgotten", () => {
    keepCheckpoint("r1", { statsId: 41, log: "abc" });
    expect(readCheckpoint("r1")).toEqual({ statsId: 41, log: "abc" });
    expect(readCheckpoint("r2")).toBeNull();
    forgetCheckpoint("r1");
    expect(readCheckpoint("r1")).toBeNull();
  });

  it("reads as none when what is kept is not a checkpoint", () => {
    sessionStorage.setItem("pf:match-round:r1", "{not json");
    expect(readCheckpoint("r1")).toBeNull();
    sessionStorage.setItem("pf:match-round:r1", '{"statsId":"41","log":"x"}');
    expect(readCheckpoint("r1")).toBeNull();
  });
});
