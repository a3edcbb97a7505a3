import { describe, expect, it } from "vitest";
import { chatIdOf, MESSAGE_ID_PATTERN, newMessageId } from "./chat";

describe("chat ids", () => {
  it("names a chat by the smaller then the larger user id, whoever asks", () => {
    expect(chatIdOf(7, 3)).toBe("3-7");
    expect(chatIdOf(3, 7)).toBe("3-7");
  });

  it("makes message ids the server accepts, different every time", () => {
    const ids = Array.from({ length: 50 }, newMessageId);
    for (const id of ids) expect(id).toMatch(MESSAGE_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
