import type { KeyValueStorage } from "../../app/lib/user-store";

/** A localStorage stand-in for unit tests of the browser stores, with its contents open to inspection. */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = String(value);
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}
