import { z } from "zod";
import { MATCH_CODE_PATTERN } from "#contract/friend-matches";

// Only a path on this site: "//host" and "/\host" would leave it (browsers read "\" as "/"), and a scheme never
// starts with "/". Whitespace is refused too, since browsers drop tabs and newlines before they read a URL.
const RedirectPathSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s\\]*$/);

/** Where the player goes back to after logging in or signing up: a path of ours, else `fallback`. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/home",
): string {
  const result = RedirectPathSchema.safeParse(to);
  return result.success ? result.data : fallback;
}

/** The invitation code when the path is a friend match's link (/match/{code}), else null. */
export function matchCodeOf(path: string): string | null {
  const code = /^\/match\/([^/?#]{1,64})$/.exec(path)?.[1];
  return code && MATCH_CODE_PATTERN.test(code) ? code : null;
}

/** The address of an account page (/login, /registration) that sends the player on to `redirectTo` afterwards. */
export function withRedirect(page: string, redirectTo: string | null): string {
  return redirectTo
    ? `${page}?redirectTo=${encodeURIComponent(redirectTo)}`
    : page;
}

/** What the log-in and sign-up pages say is waiting when the player came from a friend's match link. */
export const MATCH_WAITING_TEXT = {
  logIn: (host: string) => `Log in to join ${host}'s match`,
  signUp: (host: string) => `Create an account to join ${host}'s match`,
} as const;
