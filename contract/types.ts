import type { DailyBonusStatus, NotificationView } from "./coins";
/** JSON shapes of the public API (SPEC.md §3 field names), shared by the server and the UI. */

export type GameMode = 1 | 2 | 4;

/** SPEC.md §3 game mode 4: scored/timed, where the clock counts down from maximum_game_time. */
export const isTimed = (gameModes: readonly number[]) => gameModes.includes(4);

export interface PublisherSummary {
  _id: number;
  name: string;
  icon: string;
}

export interface Publisher extends PublisherSummary {
  banner: string;
  about: string;
}

export interface Game {
  _id: number;
  slug: string;
  name: string;
  category: string;
  description: string;
  how_to_play: string;
  icon: string;
  video: string | null;
  poster: string | null;
  is_liked: boolean;
  /** In the viewer's saved games (false for anonymous visitors). */
  is_saved: boolean;
  /** The viewer's own rating, 1 to 5, or null. */
  my_rating: number | null;
  total_likes: number;
  avgRating: number;
  rating_count: number;
  game_modes: GameMode[];
  /**
   * Game mode 4 (isTimed): the play screen counts down from maximum_game_time and ends the round there. An untimed
   * game is a session: its clock counts up and it ends when the game sends a score or the player leaves.
   */
  timed: boolean;
  leaderboard_type: number;
  type: number;
  external_link: string | null;
  /** An uploaded game's document on the games origin (issue #33), played in the same sandbox as our own; else null. */
  bundle_url: string | null;
  maximum_game_time: number;
  publisher: PublisherSummary;
  is_placeholder: boolean;
}

export interface CategorySection {
  _id: number;
  name: string;
  games: Game[];
}

export interface ApiErrorBody {
  error: ApiErrorDetail;
}

/** Another user as anybody may see them: no address, phone or e-mail, which only the owner sees. */
export interface PublicProfile {
  _id: number;
  name: string;
  first_name: string;
  profile_img: string | null;
  profile_pic: string | null;
}

interface ApiErrorDetail {
  code: string;
  message: string;
  /** Field name → message, on validation errors. */
  fields?: Record<string, string>;
}

/** The stored genders of a user; sign-up's "transgender" (labelled Other) is stored as "others". */
export const GENDERS = ["male", "female", "others"] as const;
type Gender = (typeof GENDERS)[number];

/**
 * SPEC.md §3 User as pages get it and the browser keeps it (localStorage key userData). The session token is not
 * here: pages authenticate with the httpOnly cookie, so no script on the page (a game, an injected one) can take it.
 */
export interface UserData {
  _id: number;
  name: string;
  email: string;
  first_name: string;
  phone_number: string | null;
  address: string | null;
  gender: Gender | null;
  profile_img: string | null;
  profile_pic: string | null;
  wallet: number;
  can_write: boolean;
  /** The daily bonus card to collect today (0-based); -1 means not logged in. */
  login_day: number;
  /** SPEC.md §4: 0 pending, 1 collected today (2, closed, is the browser's). */
  daily_bonus_status: DailyBonusStatus;
}

/** What GET /api/user/me and PUT /api/user/profile answer. */
export type UserProfile = UserData;

/** What the JSON API's log-in and sign-up answer an API client: the user with its bearer token, and the token. */
export interface ApiSignedIn {
  user: UserData & { token: string };
  token: string;
}

/** SPEC.md §3 Notification (a challenge sent to the player). */
export type AppNotification = NotificationView;

/** A chat message from a friend, shown as a short-lived alert. */
export interface MessageNotification {
  msg_id: string;
  sender: number;
  sender_name?: string;
  content: string;
}

export interface MatchPlayer {
  _id: number | null;
  name: string;
  profile_pic: string | null;
  score: number;
  is_bot: boolean;
  /** The player's run in this match (for a bot, the recorded run it replayed), to watch; null when none was kept. */
  run_id: string | null;
}

/** SPEC.md §2 Summary: both players and their scores. */
export interface MatchSummary {
  _id: number;
  game: { _id: number; name: string; icon: string; leaderboard_type: number };
  players: [MatchPlayer, MatchPlayer];
  status: number;
  left_user_id: number | null;
  created_dt: string;
}

/**
 * SPEC.md §3 Friend: someone in Find People or the Friends list. social_id names them in DELETE /social/unfriend.
 * The address of SPEC.md's Friend is left out: only its owner sees an address (issue #15).
 */
export interface Friend {
  _id: number;
  name: string;
  profile_img: string | null;
  is_online: boolean;
  social_id: number;
  isFriend: boolean;
  followStatus: boolean;
  /** They follow the caller too: only then can the two chat. */
  follows_back: boolean;
}
