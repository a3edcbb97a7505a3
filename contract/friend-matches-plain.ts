// The part of `friend-matches.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).
import type { Participant } from "./protocol";

/**
 * Play with a friend and rematch (ADR 026): a private match invitation, to one friend or to whoever opens its link
 * first, and the offer of a second match from a match's summary. Both end in an ordinary MatchRoom.
 */

/** An invitation to play is open this long. */
export const FRIEND_INVITE_TTL_MS = 2 * 60_000;
/** A rematch offer is open this long: both players have accepted within it, or it lapses. */
export const REMATCH_TTL_MS = 15_000;

export const MATCH_INVITE_KINDS = ["friend", "rematch"] as const;
type MatchInviteKind = (typeof MATCH_INVITE_KINDS)[number];

/** An invitation's code: random, so a link cannot be guessed or counted. */
export const MATCH_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const matchInvitePath = (code: string) => `/match/${code}`;

/** The "Play with a friend" page, with the friend or the game already chosen. */
export function playWithFriendPath(chosen: {
  gameId?: number;
  friendId?: number;
}): string {
  const query = new URLSearchParams();
  if (chosen.gameId) query.set("game", String(chosen.gameId));
  if (chosen.friendId) query.set("friend", String(chosen.friendId));
  const text = query.toString();
  return text ? `/match/new?${text}` : "/match/new";
}

/** What players read, word for word. */
export const FRIEND_MATCH_TEXT = {
  expired: "This invitation has expired",
  rematchLapsed: "The rematch offer has lapsed",
  taken: "Someone else already took this invitation",
  notForYou: "This invitation is for another player",
  ownInvite: "You cannot accept your own invitation",
  declined: "This invitation was declined",
  cancelled: "This invitation was cancelled",
  friendsOnly:
    "You can invite friends who follow you back. Follow each other first, or share a link.",
  blocked: "You cannot play with this player",
  noMultiplayer: "This game has no multiplayer mode",
  botMatch: "A rematch is only for a match between two players",
  notYourMatch: "Only the players of this match can ask for a rematch",
  rematchDone: "This match already had its rematch",
} as const;

export type MatchInviteStatus =
  "open" | "accepted" | "declined" | "cancelled" | "expired";

/** A match that is starting: where both players go, with one seed. */
export interface MatchStart {
  roomId: string;
  gameId: number;
  seed: number;
  participants: Participant[];
}

/** An invitation as its players (and, for a link, anyone signed in) see it. */
export interface MatchInviteView {
  code: string;
  kind: MatchInviteKind;
  from: { id: number; name: string; profile_pic: string | null };
  /** The invited friend; null for a link anyone signed in may take. */
  to: { id: number; name: string; profile_pic: string | null } | null;
  game: { id: number; name: string; icon: string | null };
  /** ISO time the invitation stops being open. */
  expiresAt: string;
  status: MatchInviteStatus;
  /** The rematch's match, for a rematch offer. */
  resultId: number | null;
  /** The match, for its two players once it was accepted. */
  match: MatchStart | null;
}

/** What asking for a rematch answers: an offer to wait on, or the match when the other player had asked first. */
export type RematchAnswer =
  | { status: "waiting"; invite: MatchInviteView }
  | { status: "matched"; match: MatchStart };

/** Two players' record against each other, from one of them: every match of theirs, in every game. */
export interface PairTally {
  wins: number;
  losses: number;
  draws: number;
}

/** "2 wins · 1 loss · 0 draws". */
export function tallyText({ wins, losses, draws }: PairTally): string {
  const part = (count: number, one: string, many: string) =>
    `${count} ${count === 1 ? one : many}`;
  return [
    part(wins, "win", "wins"),
    part(losses, "loss", "losses"),
    part(draws, "draw", "draws"),
  ].join(" · ");
}

/** "1:45", "0:09": the time left of an invitation. */
export function timeLeftText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
