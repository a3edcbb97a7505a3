import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const first = await hashPassword("Secret@123");
    const second = await hashPassword("Secret@123");
    expect(first).not.toBe(second);
    expect(first.startsWith("pbkdf2-sha256$100000$")).toBe(true);
    expect(await verifyPassword("Secret@123", first)).toBe(true);
    expect(await verifyPassword("Secret@124", first)).toBe(false);
    expect(await verifyPassword("Secret@123", "garbage")).toBe(false);
  });
});
