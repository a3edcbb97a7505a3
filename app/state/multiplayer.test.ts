import { describe, expect, it } from "vitest";
import {
  END_NORMAL,
  END_OPPONENT_LEFT,
  type BotData,
  type Participant,
} from "#contract/protocol";
import {
  botScoreAt,
  GAME_TYPE,
  initialMultiplayerState,
  multiplayerReducer,
  opponentOf,
  outcome,
  type MultiplayerState,
} from "./multiplayer";

const ROOM = "room-abc123";
const me: Participant = {
  user_id: 1,
  user_name: "Me",
  profile_pic: null,
  room_id: ROOM,
};
const ava: Participant = {
  user_id: 2,
  user_name: "Ava",
  profile_pic: "ava.png",
  room_id: ROOM,
};
const ben: Participant = {
  user_id: 3,
  user_name: "Ben",
  profile_pic: null,
  room_id: ROOM,
};
const bot: BotData = {
  _id: 9,
  name: "Robo",
  profile_pic: "robo.png",
  moves: [
    { time: 1000, score: 10 },
    { time: 2500, score: 30 },
    { time: 4000, score: 55 },
  ],
};

const waiting: MultiplayerState = {
  ...initialMultiplayerState,
  status: "waiting",
  gameType: GAME_TYPE.multiplayer,
  roomId: ROOM,
  gameId: 7,
  participants: [me],
  expiresAt: 50_000,
};

const playing: MultiplayerState = {
  status: "checkReadiness",
  gameType: GAME_TYPE.multiplayer,
  roomId: ROOM,
  gameId: 7,
  seed: 42,
  participants: [me, ava],
  own: { userId: 1, score: 100 },
  opponent: { userId: 2, score: 80 },
  bot: null,
  resultId: null,
  expiresAt: 50_000,
  selfLeft: false,
};

describe("selfExit", () => {
  it("marks that the room counted this player as gone, once, and a new wait forgets it", () => {
    const left = multiplayerReducer(playing, { type: "selfExit" });
    expect(left).toEqual({ ...playing, selfLeft: true });
    expect(multiplayerReducer(left, { type: "selfExit" })).toBe(left);
    expect(
      multiplayerReducer(left, {
        type: "waiting",
        roomId: "room-2",
        gameId: 7,
        participant: me,
        expiresAt: 60_000,
      }).selfLeft,
    ).toBe(false);
  });
});

describe("initialMultiplayerState", () => {
  it("is idle, single player, with nothing stored", () => {
    expect(initialMultiplayerState).toEqual({
      status: "idle",
      gameType: 0,
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
    });
    expect(GAME_TYPE).toEqual({ single: 0, multiplayer: 1, bot: 2 });
  });
});

describe("multiplayerReducer", () => {
  it("waiting sets multiplayer, waiting, the room and replaces the participants with the single given one", () => {
    const before: MultiplayerState = {
      ...initialMultiplayerState,
      participants: [ava, ben],
    };
    const next = multiplayerReducer(before, {
      type: "waiting",
      roomId: ROOM,
      gameId: 7,
      participant: me,
      expiresAt: 50_000,
    });
    expect(next).toEqual(waiting);
  });

  it("waiting starts a new match: previous seed, scores, bot and result are dropped", () => {
    const previous: MultiplayerState = {
      ...playing,
      status: "end",
      gameType: GAME_TYPE.bot,
      bot,
      resultId: 99,
      roomId: "old-room-1",
      gameId: 3,
      expiresAt: 1,
    };
    const next = multiplayerReducer(previous, {
      type: "waiting",
      roomId: ROOM,
      gameId: 7,
      participant: me,
      expiresAt: 50_000,
    });
    expect(next).toEqual(waiting);
  });

  it("userJoined adds an absent participant", () => {
    expect(
      multiplayerReducer(waiting, { type: "userJoined", participant: ava }),
    ).toEqual({ ...waiting, participants: [me, ava] });
  });

  it("userJoined with a user already present does not duplicate it", () => {
    const withAva = multiplayerReducer(waiting, {
      type: "userJoined",
      participant: ava,
    });
    const again = multiplayerReducer(withAva, {
      type: "userJoined",
      participant: { ...ava, user_name: "Ava again" },
    });
    expect(again).toBe(withAva);
    expect(again.participants).toEqual([me, ava]);
  });

  it("gameRequest moves to check readiness, multiplayer, with the seed and room", () => {
    const next = multiplayerReducer(waiting, {
      type: "gameRequest",
      roomId: ROOM,
      gameId: 7,
      seed: 42,
      participants: [me, ava],
    });
    expect(next).toEqual({
      ...waiting,
      status: "checkReadiness",
      seed: 42,
      participants: [me, ava],
    });
  });

  it("gameRequest adds only absent participants, and the requester if absent", () => {
    const withAva: MultiplayerState = { ...waiting, participants: [me, ava] };
    const next = multiplayerReducer(withAva, {
      type: "gameRequest",
      roomId: ROOM,
      gameId: 7,
      seed: 5,
      participants: [{ ...me, user_name: "renamed" }, ava],
      requester: ben,
    });
    expect(next).toEqual({
      ...withAva,
      status: "checkReadiness",
      seed: 5,
      participants: [me, ava, ben],
    });

    const requesterPresent = multiplayerReducer(withAva, {
      type: "gameRequest",
      roomId: ROOM,
      gameId: 7,
      seed: 5,
      participants: [],
      requester: ava,
    });
    expect(requesterPresent.participants).toEqual([me, ava]);
  });

  it("gameRequest sets multiplayer even from a single-player state and takes the given room", () => {
    const next = multiplayerReducer(initialMultiplayerState, {
      type: "gameRequest",
      roomId: ROOM,
      gameId: 8,
      seed: 1,
      participants: [ava],
      requester: me,
    });
    expect(next).toEqual({
      ...initialMultiplayerState,
      status: "checkReadiness",
      gameType: GAME_TYPE.multiplayer,
      roomId: ROOM,
      gameId: 8,
      seed: 1,
      participants: [ava, me],
    });
  });

  it("bot stores the bot data, sets multiplayer with bot, and ends a wait as connected", () => {
    expect(multiplayerReducer(waiting, { type: "bot", bot })).toEqual({
      ...waiting,
      status: "connected",
      gameType: GAME_TYPE.bot,
      bot,
    });
  });

  it("bot keeps any other status unchanged", () => {
    const connected: MultiplayerState = { ...waiting, status: "connected" };
    expect(multiplayerReducer(connected, { type: "bot", bot })).toEqual({
      ...connected,
      gameType: GAME_TYPE.bot,
      bot,
    });
    expect(
      multiplayerReducer(initialMultiplayerState, { type: "bot", bot }),
    ).toEqual({ ...initialMultiplayerState, gameType: GAME_TYPE.bot, bot });
  });

  it("opponentData stores the opponent's score", () => {
    expect(
      multiplayerReducer(playing, {
        type: "opponentData",
        userId: 2,
        score: 95,
      }),
    ).toEqual({ ...playing, opponent: { userId: 2, score: 95 } });
    expect(
      multiplayerReducer(waiting, {
        type: "opponentData",
        userId: 2,
        score: 3,
      }),
    ).toEqual({ ...waiting, opponent: { userId: 2, score: 3 } });
  });

  it("opponentExit replaces the opponent game data and moves to opponent left", () => {
    expect(
      multiplayerReducer(playing, {
        type: "opponentExit",
        userId: 2,
        score: 85,
      }),
    ).toEqual({
      ...playing,
      status: "opponentLeft",
      opponent: { userId: 2, score: 85 },
    });
  });

  it("opponentExit after a normal end keeps the game ended", () => {
    const ended: MultiplayerState = { ...playing, status: "end", resultId: 11 };
    expect(
      multiplayerReducer(ended, { type: "opponentExit", userId: 2, score: 85 }),
    ).toEqual({ ...ended, opponent: { userId: 2, score: 85 } });
  });

  it("gameEnd with status 1 ends the game and stores the result id", () => {
    expect(
      multiplayerReducer(playing, {
        type: "gameEnd",
        status: END_NORMAL,
        resultId: 11,
      }),
    ).toEqual({ ...playing, status: "end", resultId: 11 });
  });

  it("gameEnd with status 2 or any other status means the opponent left", () => {
    const expected: MultiplayerState = {
      ...playing,
      status: "opponentLeft",
      resultId: 12,
    };
    expect(
      multiplayerReducer(playing, {
        type: "gameEnd",
        status: END_OPPONENT_LEFT,
        resultId: 12,
      }),
    ).toEqual(expected);
    expect(
      multiplayerReducer(playing, { type: "gameEnd", status: 0, resultId: 12 }),
    ).toEqual(expected);
    expect(
      multiplayerReducer(playing, { type: "gameEnd", status: 3, resultId: 12 }),
    ).toEqual(expected);
  });

  it("clear from a full state returns exactly the initial state", () => {
    const full: MultiplayerState = {
      ...playing,
      status: "end",
      gameType: GAME_TYPE.bot,
      bot,
      resultId: 11,
    };
    const cleared = multiplayerReducer(full, { type: "clear" });
    expect(cleared).toEqual(initialMultiplayerState);
    expect(cleared).toBe(initialMultiplayerState);
  });

  it("does not mutate the previous state", () => {
    const snapshot = structuredClone(waiting);
    multiplayerReducer(waiting, { type: "userJoined", participant: ava });
    multiplayerReducer(waiting, {
      type: "gameRequest",
      roomId: ROOM,
      gameId: 7,
      seed: 1,
      participants: [ava],
      requester: ben,
    });
    multiplayerReducer(waiting, { type: "bot", bot });
    expect(waiting).toEqual(snapshot);
  });
});

describe("botScoreAt", () => {
  it("is 0 before the first move and without a bot", () => {
    expect(botScoreAt(bot, 0)).toBe(0);
    expect(botScoreAt(bot, 999)).toBe(0);
    expect(botScoreAt(null, 5000)).toBe(0);
    expect(botScoreAt({ ...bot, moves: [] }, 5000)).toBe(0);
  });

  it("counts a move exactly at its time", () => {
    expect(botScoreAt(bot, 1000)).toBe(10);
    expect(botScoreAt(bot, 2500)).toBe(30);
  });

  it("keeps the last move's score between moves", () => {
    expect(botScoreAt(bot, 2499)).toBe(10);
    expect(botScoreAt(bot, 3999)).toBe(30);
  });

  it("stays at the last move's score after the last move", () => {
    expect(botScoreAt(bot, 4000)).toBe(55);
    expect(botScoreAt(bot, 120_000)).toBe(55);
  });
});

describe("outcome", () => {
  it("higher score wins", () => {
    expect(outcome(10, 5)).toBe("win");
  });

  it("lower score loses", () => {
    expect(outcome(5, 10)).toBe("lose");
  });

  it("equal scores are a draw", () => {
    expect(outcome(7, 7)).toBe("draw");
    expect(outcome(0, 0)).toBe("draw");
  });
});

describe("opponentOf", () => {
  it("is the first participant who is not the own user", () => {
    expect(opponentOf([me, ava, ben], 1)).toEqual(ava);
    expect(opponentOf([ava, me], 1)).toEqual(ava);
  });

  it("is null when there is nobody else", () => {
    expect(opponentOf([me], 1)).toBeNull();
    expect(opponentOf([], 1)).toBeNull();
  });
});
