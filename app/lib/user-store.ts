import type { UserData, UserProfile } from "#contract/types";

/** SPEC.md §3/§9: the signed-in user is kept in the browser under this key. */
export const USER_STORAGE_KEY = "userData";

/** The part of the Web Storage API the store uses, so tests can hand in a plain object. */
export type KeyValueStorage = Pick<
  Storage,
  "getItem" | "setItem" | "removeItem"
>;

/** The browser's localStorage, or null on the server and where storage is blocked (private modes, sandboxed frames). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isUserData(value: unknown): value is UserData {
  if (!value || typeof value !== "object") return false;
  const user = value as Partial<UserData>;
  return typeof user._id === "number" && typeof user.name === "string";
}

/** Whatever is handed in, a session token never reaches storage a page script can read. */
function withoutToken(user: UserData): UserData {
  if (!("token" in user)) return user;
  const { token: _token, ...rest } = user as UserData & { token?: unknown };
  return rest;
}

/** The stored user; anything unreadable counts as nobody (and is left for the next login to overwrite). */
export function readUser(
  storage: KeyValueStorage | null = browserStorage(),
): UserData | null {
  const raw = storage?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUserData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeUser(user: UserData, storage: KeyValueStorage | null): UserData {
  const kept = withoutToken(user);
  try {
    storage?.setItem(USER_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // A full or blocked storage costs nothing that matters: pages know the player by the session cookie.
  }
  return kept;
}

/** Login: the user the server answered with becomes the stored user. */
export function storeLogin(
  user: UserData,
  storage: KeyValueStorage | null = browserStorage(),
): UserData {
  return writeUser(user, storage);
}

/**
 * Before pages authenticated by cookie only, userData carried the session token; a stored copy from then is
 * rewritten without it. Returns whether there was one to drop.
 */
export function dropStoredToken(
  storage: KeyValueStorage | null = browserStorage(),
): boolean {
  const raw = storage?.getItem(USER_STORAGE_KEY);
  if (!raw?.includes('"token"')) return false;
  const user = readUser(storage);
  if (user && "token" in user) {
    writeUser(user, storage);
    return true;
  }
  return false;
}

/** Logout: the stored user is removed. */
export function storeLogout(
  storage: KeyValueStorage | null = browserStorage(),
): null {
  storage?.removeItem(USER_STORAGE_KEY);
  return null;
}

/** Profile fields the server answered with, laid over the user; the id and anything not sent stay. */
export function mergeProfile(
  user: UserData,
  update: Partial<UserProfile>,
): UserData {
  const { _id: _ignored, ...fields } = update;
  return { ...user, ...fields };
}

/** Coins leave the wallet; it never shows less than zero. */
export function spendCoins(user: UserData, coins: number): UserData {
  return { ...user, wallet: Math.max(0, user.wallet - Math.max(0, coins)) };
}

/** Profile update: merges into the stored user and persists. Nobody stored: nothing to update. */
export function storeProfileUpdate(
  update: Partial<UserProfile>,
  storage: KeyValueStorage | null = browserStorage(),
): UserData | null {
  const user = readUser(storage);
  return user ? writeUser(mergeProfile(user, update), storage) : null;
}

/** Spend coins: subtracts from the stored wallet and persists. */
export function storeCoinsSpent(
  coins: number,
  storage: KeyValueStorage | null = browserStorage(),
): UserData | null {
  const user = readUser(storage);
  return user ? writeUser(spendCoins(user, coins), storage) : null;
}
