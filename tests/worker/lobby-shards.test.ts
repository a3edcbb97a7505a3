import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PING_FRAME, type JoinAnswer } from "#contract/protocol";
import { LOBBY_PING_INTERVAL_MS } from "#contract/user-socket";
import {
  forgetLayouts,
  joinLobby,
  leaveLobby,
  lobbyShard,
  shardOf,
  type Joiner,
} from "../../workers/durable-objects/lobby-shards";
import {
  JOINS_PER_SHARD,
  widthFor,
  type Lobby,
} from "../../workers/durable-objects/Lobby";
import {
  clockMoved,
  connect,
  gameId,
  newPlayer,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);
beforeEach(forgetLayouts);

const joinerOf = (player: Player): Joiner => ({
  user_id: player.userId,
  user_name: player.name,
  profile_pic: null,
});

const waitingOn = (game: number, shard: number) =>
  runInDurableObject(lobbyShard(env, game, shard), (lobby: Lobby) =>
    lobby.waitingPlayer(),
  );

const pinging: Array<ReturnType<typeof setInterval>> = [];
afterEach(() => pinging.splice(0).forEach((timer) => clearInterval(timer)));

/**
 * Players with an open user socket each that pings as the waiting page does (a lobby pairs only players it heard from
 * lately, who can still hear of a match).
 */
async function playersWithSockets(prefix: string, count: number) {
  const players = [];
  for (let index = 0; index < count; index++) {
    const player = await newPlayer(`${prefix} ${index}`);
    const socket = await connect(player);
    pinging.push(
      setInterval(() => socket.send(PING_FRAME), LOBBY_PING_INTERVAL_MS),
    );
    players.push({ player, socket });
  }
  return players;
}

type Seated = Awaited<ReturnType<typeof playersWithSockets>>[number];

/**
 * Who was told of which room: a matched answer tells its joiner, `request_gameplay` tells a player who waited. Each
 * player is asked for a push only when their answer left them waiting.
 */
async function roomsOf(seated: Seated[], answers: JoinAnswer[]) {
  const rooms = new Map<string, number[]>();
  const tell = (roomId: string, userId: number) =>
    rooms.set(roomId, [...(rooms.get(roomId) ?? []), userId]);
  for (const [index, { player, socket }] of seated.entries()) {
    const answer = answers[index];
    if (answer.status === "matched") tell(answer.roomId, player.userId);
    else
      tell((await socket.next("request_gameplay")).data.roomId, player.userId);
  }
  return rooms;
}

/** Every player in exactly one room, every room two different players. */
function expectEachPairedOnce(rooms: Map<string, number[]>, seated: Seated[]) {
  for (const users of rooms.values()) {
    expect(users).toHaveLength(2);
    expect(users[0]).not.toBe(users[1]);
  }
  const told = [...rooms.values()].flat().sort((a, b) => a - b);
  expect(told).toEqual(
    seated.map(({ player }) => player.userId).sort((a, b) => a - b),
  );
}

/**
 * As many joins in one second as a game of `width` shards gets, all from one player (the same wait each time), through
 * the Worker's routing, which learns the width from the root's answers. Returns the width the root chose.
 */
async function busy(game: number, player: Player, width: number) {
  const joins = await Promise.all(
    Array.from({ length: width * JOINS_PER_SHARD }, () =>
      joinLobby(env, game, joinerOf(player)),
    ),
  );
  expect(new Set(joins.map((answer) => answer.roomId)).size).toBe(1);
  return lobbyShard(env, game, 0).leaveLobby(player.userId);
}

// Many players and sockets each: generous on a machine shared with other work.
describe("the lobby's shards", { timeout: 30_000 }, () => {
  it("keeps a quiet game in its one lobby, lobby:{gameId}, which says the game needs one shard", async () => {
    const game = await gameId("brick-breaker");
    const [ava, ben] = await playersWithSockets("Quiet", 2);
    const first = await joinLobby(env, game, joinerOf(ava.player));
    expect(first.status).toBe("waiting");
    expect((await waitingOn(game, 0))?.participant.user_id).toBe(
      ava.player.userId,
    );
    const second = await lobbyShard(env, game, 0).join(
      game,
      joinerOf(ben.player),
      0,
    );
    expect(second).toMatchObject({
      width: 1,
      answer: { status: "matched", roomId: first.roomId },
    });
    expect(widthFor(JOINS_PER_SHARD, 8)).toBe(1);
    expect(widthFor(JOINS_PER_SHARD * 3 + 1, 8)).toBe(4);
    expect(widthFor(JOINS_PER_SHARD * 100, 8)).toBe(8);
  });

  it("pairs each of many players joining at once in one lobby exactly once, in rooms of two different players", async () => {
    const game = await gameId("bubble-pop");
    const seated = await playersWithSockets("Rush", 12);
    const answers = await Promise.all(
      seated.map(({ player }) =>
        lobbyShard(env, game, 0)
          .join(game, joinerOf(player), 0)
          .then(({ answer }) => answer),
      ),
    );
    expectEachPairedOnce(await roomsOf(seated, answers), seated);
    expect(await waitingOn(game, 0)).toBeNull();
  });

  it("spreads a busy game over shards, and pairs everyone exactly once when the waits left on shards are handed to the root", async () => {
    const game = await gameId("color-flood");
    const [burst] = await playersWithSockets("Burst", 1);
    const seated = await playersWithSockets("Crowd", 16);
    const width = await busy(game, burst.player, 4);
    expect(width).toBeGreaterThan(1);
    // The crowd lands on several shards.
    expect(
      new Set(seated.map(({ player }) => shardOf(player.userId, width))).size,
    ).toBeGreaterThan(1);
    const answers = await Promise.all(
      seated.map(({ player }) => {
        const shard = shardOf(player.userId, width);
        return lobbyShard(env, game, shard)
          .join(game, joinerOf(player), shard)
          .then(({ answer }) => answer);
      }),
    );
    // A shard's waiting player goes to the root after HANDOFF_MS (its alarm, run now).
    for (let shard = 1; shard < width; shard++)
      await runDurableObjectAlarm(lobbyShard(env, game, shard));
    expectEachPairedOnce(await roomsOf(seated, answers), seated);
    for (let shard = 0; shard < width; shard++)
      expect(await waitingOn(game, shard)).toBeNull();
  });

  it("pairs two players waiting on different shards with each other once handed over, the one who joined first first", async () => {
    const game = await gameId("dash-runner");
    const [ava, cy, ben] = await playersWithSockets("Meet", 3);
    const early = await lobbyShard(env, game, 1).join(
      game,
      joinerOf(ava.player),
      1,
    );
    expect(early.answer.status).toBe("waiting");
    // The two waits must carry different times for "the one who joined first" to mean anything.
    await clockMoved();
    const later = await lobbyShard(env, game, 2).join(
      game,
      joinerOf(cy.player),
      2,
    );
    expect(later.answer.status).toBe("waiting");
    // The later wait reaches the root first; the earlier one still goes first in the room.
    expect(await runDurableObjectAlarm(lobbyShard(env, game, 2))).toBe(true);
    expect((await waitingOn(game, 0))?.participant.user_id).toBe(
      cy.player.userId,
    );
    expect(await runDurableObjectAlarm(lobbyShard(env, game, 1))).toBe(true);
    const toAva = await ava.socket.next("request_gameplay");
    const toCy = await cy.socket.next("request_gameplay");
    expect(toAva.data).toEqual(toCy.data);
    expect(toAva.data.roomId).toBe(early.answer.roomId);
    expect(toAva.data.participants.map((p) => p.user_id)).toEqual([
      ava.player.userId,
      cy.player.userId,
    ]);
    expect(
      (await ava.socket.next("user_joined")).data.participant.user_id,
    ).toBe(cy.player.userId);
    // Nobody is left waiting anywhere, and the next player starts a wait of their own.
    for (const shard of [0, 1, 2])
      expect(await waitingOn(game, shard)).toBeNull();
    const next = await lobbyShard(env, game, 0).join(
      game,
      joinerOf(ben.player),
      0,
    );
    expect(next.answer.status).toBe("waiting");
    await leaveLobby(env, game, ben.player.userId);
  });

  it("pairs a player handed to the root ahead of anyone who joins the root after them", async () => {
    const game = await gameId("fruit-catch");
    const [ava, ben, dan] = await playersWithSockets("Ahead", 3);
    const waited = await lobbyShard(env, game, 3).join(
      game,
      joinerOf(ava.player),
      3,
    );
    await runDurableObjectAlarm(lobbyShard(env, game, 3));
    const joined = await lobbyShard(env, game, 0).join(
      game,
      joinerOf(ben.player),
      0,
    );
    expect(joined.answer).toMatchObject({
      status: "matched",
      roomId: waited.answer.roomId,
    });
    expect(joined.answer.participants.map((p) => p.user_id)).toEqual([
      ava.player.userId,
      ben.player.userId,
    ]);
    expect((await ava.socket.next("request_gameplay")).data.roomId).toBe(
      waited.answer.roomId,
    );
    expect(dan.socket.has("request_gameplay")).toBe(false);
  });

  it("tells a shard's player whose 10 s ran out that nobody came, rather than handing them over", async () => {
    const game = await gameId("memory-match");
    const [lea] = await playersWithSockets("Late", 1);
    const waited = await lobbyShard(env, game, 2).join(
      game,
      joinerOf(lea.player),
      2,
    );
    await runInDurableObject(lobbyShard(env, game, 2), (lobby: Lobby) => {
      const waiting = lobby.waitingPlayer();
      if (waiting) waiting.expiresAt = Date.now() - 1;
    });
    await runDurableObjectAlarm(lobbyShard(env, game, 2));
    expect((await lea.socket.next("room_timeout")).data.roomId).toBe(
      waited.answer.roomId,
    );
    expect(await waitingOn(game, 0)).toBeNull();
  });

  it("lets a player leave a wait on whichever shard of a busy game holds it, from any isolate", async () => {
    const game = await gameId("merge-tiles");
    const [burst] = await playersWithSockets("Leave Burst", 1);
    const leavers = await playersWithSockets("Leaver", 4);
    const width = await busy(game, burst.player, 4);
    // Someone whose shard is not the root joins: the Worker's routing knows the width from the busy answers.
    const { player } = leavers.find(
      ({ player }) => shardOf(player.userId, width) !== 0,
    )!;
    expect((await joinLobby(env, game, joinerOf(player))).status).toBe(
      "waiting",
    );
    const shard = shardOf(player.userId, width);
    expect((await waitingOn(game, shard))?.participant.user_id).toBe(
      player.userId,
    );
    // Even from an isolate that knows nothing of the game's width: the root tells it.
    forgetLayouts();
    await leaveLobby(env, game, player.userId);
    expect(await waitingOn(game, shard)).toBeNull();
  });
});
