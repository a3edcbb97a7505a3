import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../tests/setup/memory-storage";
import type { UserData } from "#contract/types";
import {
  USER_STORAGE_KEY,
  dropStoredToken,
  mergeProfile,
  readUser,
  spendCoins,
  storeCoinsSpent,
  storeLogin,
  storeLogout,
  storeProfileUpdate,
} from "./user-store";

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

describe("login and logout", () => {
  it("stores the user under userData and reads it back", () => {
    const storage = memoryStorage();
    expect(storeLogin(ava, storage)).toEqual(ava);
    expect(JSON.parse(storage.data[USER_STORAGE_KEY])).toEqual(ava);
    expect(readUser(storage)).toEqual(ava);
  });

  it("removes the user on logout", () => {
    const storage = memoryStorage();
    storeLogin(ava, storage);
    expect(storeLogout(storage)).toBeNull();
    expect(storage.data).toEqual({});
    expect(readUser(storage)).toBeNull();
  });

  it("never stores a session token, even when one is handed in", () => {
    const storage = memoryStorage();
    const fromApi = { ...ava, token: "secret-token" } as UserData;
    expect(storeLogin(fromApi, storage)).toEqual(ava);
    expect(storage.data[USER_STORAGE_KEY]).not.toContain("secret-token");
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
    expect(storeLogin(ava, storage)).toEqual(ava);
  });
});

describe("a userData stored with a token", () => {
  it("is rewritten without it, keeping the profile", () => {
    const storage = memoryStorage({
      [USER_STORAGE_KEY]: JSON.stringify({ ...ava, token: "old-token" }),
    });
    expect(dropStoredToken(storage)).toBe(true);
    expect(storage.data[USER_STORAGE_KEY]).not.toContain("old-token");
    expect(JSON.parse(storage.data[USER_STORAGE_KEY])).toEqual(ava);
    expect(dropStoredToken(storage)).toBe(false);
  });

  it("leaves nobody and unreadable data alone", () => {
    const empty = memoryStorage();
    expect(dropStoredToken(empty)).toBe(false);
    expect(empty.data).toEqual({});
    const broken = memoryStorage({ [USER_STORAGE_KEY]: '{"token": "x"' });
    expect(dropStoredToken(broken)).toBe(false);
    expect(readUser(broken)).toBeNull();
  });
});

describe("profile update", () => {
  it("merges the answer and keeps the id", () => {
    const merged = mergeProfile(ava, {
      _id: 99,
      name: "Ava S",
      address: "12 Harbour Road",
      profile_img: "profile/7/a.png",
    });
    expect(merged).toEqual({
      ...ava,
      name: "Ava S",
      address: "12 Harbour Road",
      profile_img: "profile/7/a.png",
    });
  });

  it("persists the merged user", () => {
    const storage = memoryStorage();
    storeLogin(ava, storage);
    storeProfileUpdate({ phone_number: "9123456789" }, storage);
    expect(readUser(storage)?.phone_number).toBe("9123456789");
    expect(readUser(storage)?.name).toBe("Ava Stone");
  });

  it("does nothing when nobody is stored", () => {
    const storage = memoryStorage();
    expect(storeProfileUpdate({ name: "Ghost" }, storage)).toBeNull();
    expect(storage.data).toEqual({});
  });
});

describe("spend coins", () => {
  it("subtracts from the wallet, never below zero", () => {
    expect(spendCoins(ava, 20).wallet).toBe(100);
    expect(spendCoins(ava, 500).wallet).toBe(0);
    expect(spendCoins(ava, -5).wallet).toBe(120);
  });

  it("persists the new balance", () => {
    const storage = memoryStorage();
    storeLogin(ava, storage);
    expect(storeCoinsSpent(50, storage)?.wallet).toBe(70);
    expect(readUser(storage)?.wallet).toBe(70);
  });
});
