import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../tests/setup/memory-storage";
import type { UserData } from "#contract/types";
import { USER_STORAGE_KEY, readUser, syncStoredUser } from "./user-store";

const ava: UserData = {
  _id: 7,
  name: "Ava Stone",
  email: "ava@example.com",
  first_name: "Ava",
  phone_number: "9876543210",
  address: null,
  gender: "female",
  profile_img: null,
  profile_pic: null,
  wallet: 120,
  can_write: false,
  login_day: 0,
  daily_bonus_status: 0,
};

describe("syncStoredUser, the one writer of userData", () => {
  it("stores the user under userData and reads it back", () => {
    const storage = memoryStorage();
    syncStoredUser(ava, storage);
    expect(JSON.parse(storage.data[USER_STORAGE_KEY])).toEqual(ava);
    expect(readUser(storage)).toEqual(ava);
  });

  it("removes the user when nobody is signed in", () => {
    const storage = memoryStorage();
    syncStoredUser(ava, storage);
    syncStoredUser(null, storage);
    expect(storage.data).toEqual({});
    expect(readUser(storage)).toBeNull();
  });

  it("lays what the server says now over the stored profile of the same player", () => {
    const storage = memoryStorage();
    syncStoredUser(ava, storage);
    syncStoredUser(
      { _id: 7, name: "Ava S", wallet: 60, daily_bonus_status: 1 },
      storage,
    );
    expect(readUser(storage)).toEqual({
      ...ava,
      name: "Ava S",
      wallet: 60,
      daily_bonus_status: 1,
    });
  });

  it("keeps nothing of another player", () => {
    const storage = memoryStorage();
    syncStoredUser(ava, storage);
    syncStoredUser({ _id: 8, name: "Ben" }, storage);
    expect(readUser(storage)).toEqual({ _id: 8, name: "Ben" });
  });

  it("never stores a session token, even one stored before", () => {
    const storage = memoryStorage({
      [USER_STORAGE_KEY]: JSON.stringify({ ...ava, token: "old-token" }),
    });
    syncStoredUser({ ...ava, token: "secret-token" } as UserData, storage);
    expect(storage.data[USER_STORAGE_KEY]).not.toContain("token");
    expect(readUser(storage)).toEqual(ava);
  });

  it("treats unreadable or incomplete data as nobody", () => {
    expect(
      readUser(memoryStorage({ [USER_STORAGE_KEY]: "{not json" })),
    ).toBeNull();
    expect(
      readUser(
        memoryStorage({
          [USER_STORAGE_KEY]: JSON.stringify({ _id: "1", name: "x" }),
        }),
      ),
    ).toBeNull();
    expect(
      readUser(
        memoryStorage({ [USER_STORAGE_KEY]: JSON.stringify({ name: "x" }) }),
      ),
    ).toBeNull();
    expect(readUser(memoryStorage())).toBeNull();
    expect(readUser(null)).toBeNull();
  });

  it("survives a storage that refuses to write", () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    expect(() => syncStoredUser(ava, storage)).not.toThrow();
  });
});
