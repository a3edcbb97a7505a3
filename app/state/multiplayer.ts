import {
  assertNever,
  END_NORMAL,
  type BotData,
  type Participant,
} from "#contract/protocol";
import type { UserServerEvent } from "#contract/user-socket";

type FormedMatch = Extract<
  UserServerEvent,
  { event: "request_gameplay" }
>["data"];

/** SPEC.md §4 / §9 game type: single player (0), multiplayer (1), multiplayer with bot (2). */
export const GAME_TYPE = { single: 0, multiplayer: 1, bot: 2 } as const;
type GameType = (typeof GAME_TYPE)[keyof typeof GAME_TYPE];

/** SPEC.md §4 multiplayer state: idle, waiting for opponent, connected, check readiness, opponent left, end. */
type MultiplayerStatus =
  "idle" | "waiting" | "connected" | "checkReadiness" | "opponentLeft" | "end";

/** SPEC.md §3 own / opponent game data. */
interface GameData {
  userId: number;
  score: number;
}

/** The multiplayer part of SPEC.md §3 Platform state. */
export interface MultiplayerState {
  status: MultiplayerStatus;
  gameType: GameType;
  roomId: string | null;
  gameId: number | null;
  /** Shared by both players so they get the same game (from the game request). */
  seed: number | null;
  participants: Participant[];
  /** Own game data. */
  own: GameData | null;
  /** Opponent game data. */
  opponent: GameData | null;
  bot: BotData | null;
  /** Set by the game end. */
  resultId: number | null;
  /** When the matchmaking wait ends (epoch ms, from the waiting event). */
  expiresAt: number | null;
  /** The room counted this player as gone (away past the grace): the match goes on without them. */
  selfLeft: boolean;
}

export type MultiplayerAction =
  /** The room was joined and holds just this participant so far. */
  | {
      type: "waiting";
      roomId: string;
      gameId: number;
      participant: Participant;
      expiresAt: number;
    }
  | { type: "userJoined"; participant: Participant }
  /** The lobby formed the match: from the join answer, or request_gameplay for the player who waited. */
  | ({ type: "gameRequest"; requester?: Participant } & FormedMatch)
  | { type: "bot"; bot: BotData }
  /** Opponent live score; the caller makes sure `userId` is not the own one. */
  | { type: "opponentData"; userId: number; score: number }
  | { type: "opponentExit"; userId: number; score: number }
  /** The room says this player left: they were away (no link, or nothing heard) for longer than the grace. */
  | { type: "selfExit" }
  /** `status` is the game-end data status: 1 (END_NORMAL) is a normal end, anything else means the opponent left. */
  | { type: "gameEnd"; status: number; resultId: number }
  | { type: "clear" };

export const initialMultiplayerState: MultiplayerState = {
  status: "idle",
  gameType: GAME_TYPE.single,
  roomId: null,
  gameId: null,
  seed: null,
  participants: [],
  own: null,
  opponent: null,
  bot: null,
  resultId: null,
  expiresAt: null,
  selfLeft: false,
};

/** Appends each participant whose user_id is not in the list yet (SPEC.md §4 "adds … if absent"). */
function addAbsent(
  participants: Participant[],
  additions: readonly Participant[],
): Participant[] {
  let result = participants;
  for (const participant of additions) {
    if (!result.some((p) => p.user_id === participant.user_id))
      result = [...result, participant];
  }
  return result;
}

export function multiplayerReducer(
  state: MultiplayerState,
  action: MultiplayerAction,
): MultiplayerState {
  switch (action.type) {
    case "waiting":
      // SPEC.md §4: sets multiplayer and replaces the participants with the single given one. A waiting event starts a
      // new match, so what belonged to a previous one (seed, scores, bot, result) is dropped too.
      return {
        ...state,
        status: "waiting",
        gameType: GAME_TYPE.multiplayer,
        roomId: action.roomId,
        gameId: action.gameId,
        seed: null,
        participants: [action.participant],
        own: null,
        opponent: null,
        bot: null,
        resultId: null,
        expiresAt: action.expiresAt,
        selfLeft: false,
      };
    case "userJoined": {
      const participants = addAbsent(state.participants, [action.participant]);
      return participants === state.participants
        ? state
        : { ...state, participants };
    }
    case "gameRequest": {
      // SPEC.md §4: moves to check readiness (the page goes to /play/{id}), adding the requester if absent.
      const additions = action.requester
        ? [...action.participants, action.requester]
        : action.participants;
      return {
        ...state,
        status: "checkReadiness",
        gameType: GAME_TYPE.multiplayer,
        roomId: action.roomId,
        gameId: action.gameId,
        seed: action.seed,
        participants: addAbsent(state.participants, additions),
      };
    }
    case "bot":
      // SPEC.md §4: stores the bot data and sets multiplayer with bot. SPEC.md does not move the state here, so the
      // status is kept — except a pending wait, which is over now that an opponent (the bot) exists: it becomes connected.
      return {
        ...state,
        status: state.status === "waiting" ? "connected" : state.status,
        gameType: GAME_TYPE.bot,
        bot: action.bot,
      };
    case "opponentData":
      return {
        ...state,
        opponent: { userId: action.userId, score: action.score },
      };
    case "opponentExit":
      // SPEC.md §4: replaces the opponent game data. A game that already ended normally stays ended (the opponent
      // leaving the room afterwards must not turn a finished match into "opponent left").
      return {
        ...state,
        status: state.status === "end" ? "end" : "opponentLeft",
        opponent: { userId: action.userId, score: action.score },
      };
    case "selfExit":
      return state.selfLeft ? state : { ...state, selfLeft: true };
    case "gameEnd":
      return {
        ...state,
        status: action.status === END_NORMAL ? "end" : "opponentLeft",
        resultId: action.resultId,
      };
    case "clear":
      return initialMultiplayerState;
    default:
      return assertNever(action);
  }
}

/**
 * The bot's score `elapsedMs` into the game: the score of the last move (in recorded order) whose time is at most
 * `elapsedMs`, 0 before the first move or without a bot. Move times are in the same unit as `elapsedMs` (ms).
 */
export function botScoreAt(bot: BotData | null, elapsedMs: number): number {
  let score = 0;
  for (const move of bot?.moves ?? []) {
    if (move.time <= elapsedMs) score = move.score;
  }
  return score;
}

/** SPEC.md §4 Outcome: higher score wins, lower loses, equal is a draw (no message). */
export function outcome(own: number, other: number): "win" | "lose" | "draw" {
  if (own > other) return "win";
  if (own < other) return "lose";
  return "draw";
}

/** The first participant who is not the own user, or null (SPEC.md §4: the second participant is shown as opponent). */
export function opponentOf(
  participants: readonly Participant[],
  ownUserId: number,
): Participant | null {
  return participants.find((p) => p.user_id !== ownUserId) ?? null;
}
