import { describe, expect, it } from "vitest";
import { idSchema } from "./ids";

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
