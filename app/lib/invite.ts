import { INVITE_CODE_PATTERN } from "#contract/social";

/** A friend's invite code (from /registration?invite=…), kept for this tab until the visitor signs up. */
const KEY = "pf_invite";

export function rememberInvite(code: string | null) {
  if (!code || !INVITE_CODE_PATTERN.test(code)) return;
  try {
    window.sessionStorage.setItem(KEY, code);
  } catch {
    // Storage may be off; the invite is then simply not used.
  }
}

export function readInvite(): string | null {
  try {
    return typeof window === "undefined"
      ? null
      : window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
