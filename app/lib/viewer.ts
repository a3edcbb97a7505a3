import { dailyBonusOf, type DailyBonusStatus } from "#contract/coins";
import type { UserRole } from "#contract/moderation";
/**
 * The signed-in user as every page sees it (root loader data). Only display fields: no email, phone, token or hashes
 * go into the HTML of a page.
 */
export interface Viewer {
  _id: number;
  name: string;
  first_name: string;
  profile_img: string | null;
  profile_pic: string | null;
  wallet: number;
  can_write: boolean;
  login_day: number;
  daily_bonus_status: DailyBonusStatus;
  /** Issue #34: the account menu offers Moderation or Admin to staff; the pages check the role again. */
  role?: UserRole;
}

/** The columns of a stored user that the page shell reads. */
export interface ViewerSource {
  id: number;
  name: string;
  firstName: string;
  profileImg: string | null;
  profilePic: string | null;
  wallet: number;
  canWrite: boolean;
  loginDay: number;
  lastBonusOn: string | null;
  role?: UserRole;
}

export function toViewer(
  user: ViewerSource | null | undefined,
  now = Date.now(),
): Viewer | null {
  if (!user) return null;
  return {
    _id: user.id,
    name: user.name,
    first_name: user.firstName,
    profile_img: user.profileImg,
    profile_pic: user.profilePic,
    wallet: user.wallet,
    can_write: user.canWrite,
    role: user.role ?? "player",
    ...dailyBonusOf({ loginDay: user.loginDay, on: user.lastBonusOn }, now),
  };
}

/** What a route can declare in its `handle` export to change the page shell. */
export interface ShellHandle {
  /** A game is on screen: no header, menu or footer, and the bottom bar slides away. */
  immersive?: boolean;
  /** A full-screen form (sign-up): no header, menu, footer or bottom bar. */
  bare?: boolean;
  /** A round's result: the daily bonus waits until the player moves on, so it never covers a first result. */
  deferBonus?: boolean;
}

export const defersBonus = (handles: readonly unknown[]): boolean =>
  handles.some(
    (handle) =>
      Boolean(handle) &&
      typeof handle === "object" &&
      (handle as ShellHandle).deferBonus === true,
  );

export function shellModeOf(
  handles: readonly unknown[],
): "default" | "immersive" | "bare" {
  let mode: "default" | "immersive" | "bare" = "default";
  for (const handle of handles) {
    if (!handle || typeof handle !== "object") continue;
    const { immersive, bare } = handle as ShellHandle;
    if (immersive) mode = "immersive";
    else if (bare && mode === "default") mode = "bare";
  }
  return mode;
}
