import type { UserData } from "#contract/types";

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

/**
 * The one writer of userData (SPEC.md §3): the stored copy follows the server. Nobody signed in removes it; a player
 * keeps what was stored for them (profile fields the pages do not load) under what the server now says.
 */
export function syncStoredUser(
  user: (Partial<UserData> & Pick<UserData, "_id" | "name">) | null,
  storage: KeyValueStorage | null = browserStorage(),
): void {
  try {
    if (!user) {
      storage?.removeItem(USER_STORAGE_KEY);
      return;
    }
    const stored = readUser(storage);
    const kept = withoutToken({
      ...(stored?._id === user._id ? stored : {}),
      ...user,
    } as UserData);
    const text = JSON.stringify(kept);
    if (storage?.getItem(USER_STORAGE_KEY) !== text)
      storage?.setItem(USER_STORAGE_KEY, text);
  } catch {
    // A full or blocked storage costs nothing that matters: pages know the player by the session cookie.
  }
}
