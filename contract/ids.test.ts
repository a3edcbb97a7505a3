import { describe, expect, it } from "vitest";
import { idOrNull, idSchema, idValueSchema } from "./ids";

describe("idSchema", () => {
  const gameId = idSchema("game");
  it("accepts positive integers and returns numbers", () => {
    expect(gameId.parse("1")).toBe(1);
    expect(gameId.parse("123456789012345")).toBe(123456789012345);
  });
  it.each(["", "0", "01", "-1", "1.5", "abc", "1e3", " 1", "1234567890123456"])(
    "rejects %j with a message naming the id",
    (value) => {
      const result = gameId.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe("Invalid game id");
    },
  );
});

describe("idValueSchema", () => {
  const userId = idValueSchema("user");
  it("accepts a positive whole number", () => {
    expect(userId.parse(7)).toBe(7);
  });
  it.each(["7", true, [7], 0, -1, 1.5, 2 ** 60])("rejects %j", (value) => {
    expect(userId.safeParse(value).error?.issues[0].message).toBe(
      "Invalid user id",
    );
  });
});

describe("idOrNull", () => {
  it("reads an id and turns anything else into null", () => {
    expect(idOrNull("42")).toBe(42);
    for (const value of [null, undefined, "", "0", "x", "1e3", "01", " 4"])
      expect(idOrNull(value)).toBeNull();
    expect(idOrNull("1".repeat(16))).toBeNull();
  });
});
