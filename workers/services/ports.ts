import type { Inbox } from "#contract/inbox";
import type { ReportedMessage } from "#contract/reports";
import type {
  ChatMessage,
  JoinAnswer,
  Participant,
  RoomView,
} from "#contract/protocol";
import type { HiddenDeal, VerifiedRound } from "./replay";

/*
 * What services tell or ask the Durable Objects. workers/context.ts wires these to the objects; a service receives
 * them, so a use case's side effects belong to it and not to whichever door (JSON API or page action) called it.
 */

/** The players' UserHub objects. */
export interface UserHubs {
  /** Each hub keeps what it read about a chat partner for a minute: a follow, unfollow, block or unblock counts now. */
  chatChanged(a: number, b: number): Promise<void>;
  /** `blockerId` blocked `blockedId`: both players' open tabs drop the other now (the `blocked` event). */
  blocked(blockerId: number, blockedId: number): Promise<void>;
  /** The user's hub keeps their name for the chat messages they send: a new name shows on the next one. */
  nameChanged(userId: number): Promise<void>;
  /** The user's chat inbox, kept by their hub (ADR 028): one entry per conversation, newest first. */
  inbox(userId: number): Promise<Inbox>;
  /** The unread messages of the user's inbox (the badge on Social): one call to their hub. */
  unreadMessages(userId: number): Promise<number>;
  /** A moderator muted the user from chat until then, or lifted it (null): their hub refuses their messages till then. */
  chatMuted(
    userId: number,
    until: number | null,
    reason: string,
  ): Promise<void>;
  /** Which of these users their followers were last told are online (a socket heard from, or gone within the grace). */
  onlineAmong(ids: number[]): Promise<Set<number>>;
}

/** The Conversation object of two players, read as `readerId`, one of them. */
export interface Conversations {
  history(
    readerId: number,
    partnerId: number,
    before: number | null,
    limit?: number,
  ): Promise<{ messages: ChatMessage[]; has_more: boolean }>;
  /** A message `readerId` received, or null. */
  messageFor(
    readerId: number,
    partnerId: number,
    msgId: string,
  ): Promise<{ senderId: number; content: string } | null>;
  /** A message `readerId` received with up to `count` messages before and after it, or null. */
  around(
    readerId: number,
    partnerId: number,
    msgId: string,
    count: number,
  ): Promise<ReportedMessage[] | null>;
  /** A moderator hid the message: both members see "Message removed" (false: no such message between them). */
  removeMessage(a: number, b: number, msgId: string): Promise<boolean>;
}

/** The MatchRoom objects of live matches. */
export interface MatchRooms {
  /** The match's seed for one of its players while it is on, else null. */
  seedFor(
    roomId: string,
    userId: number,
    gameId: number,
  ): Promise<number | null>;
  /** Sets a private match's room up (a friend's invitation or a rematch), as the lobby does for a pairing. */
  start(match: {
    roomId: string;
    gameId: number;
    seed: number;
    participants: Participant[];
  }): Promise<void>;
  /** Where one of the room's players stands (to rejoin, or how it ended); null for anyone else or an unknown room. */
  viewFor(roomId: string, userId: number): Promise<RoomView | null>;
}

/** The Lobby objects of the games' matchmaking, one or a few shards per game (ADR 025). */
export interface Lobbies {
  /** SPEC.md §4: the player waits in the game's lobby, or is paired at once. */
  join(
    gameId: number,
    joiner: Omit<Participant, "room_id">,
  ): Promise<JoinAnswer>;
  /** The player stops waiting, on whichever shard their wait is. */
  leave(gameId: number, userId: number): Promise<void>;
}

/** The Referee objects, which replay rounds of our games outside the submitting request (ADR 015). */
export interface Referees {
  /** What `verifyRound` answers, judged by a referee: a refused round is the same 422. */
  verify(
    slug: string,
    seed: number,
    log: string,
    claimed: number,
    maxSteps: number,
    /** Games that hide information: the hidden seed and the cards the server revealed (ADR 014). */
    hidden?: HiddenDeal,
  ): Promise<VerifiedRound>;
}

/** The CardPainter objects, which draw a shared score's card outside the request's CPU budget (ADR 017). */
export interface CardPainters {
  /** A 1200×630 PNG of the card's SVG, drawn with the shipped font. */
  paint(svg: string): Promise<Uint8Array<ArrayBuffer>>;
  /** Whether a picture (a data: address) decodes, so that a card never shows an empty frame where it should be. */
  decodes(picture: string): Promise<boolean>;
}
