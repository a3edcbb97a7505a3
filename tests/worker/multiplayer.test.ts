import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  PING_FRAME,
  RECONNECT_GRACE_MS,
  roomSocketPath,
  type JoinAnswer,
} from "#contract/protocol";
import type { ApiErrorBody, Friend } from "#contract/types";
import {
  LOBBY_HEARD_MS,
  OFFLINE_GRACE_MS,
  SILENT_CLOSE_CODE,
  USER_SILENCE_MS,
} from "#contract/user-socket";
import { hubOf, roomOf } from "../../workers/durable-objects/hubs";
import { lobbyShard } from "../../workers/durable-objects/lobby-shards";
import type { Lobby } from "../../workers/durable-objects/Lobby";
import type { MatchRoom } from "../../workers/durable-objects/MatchRoom";
import type { UserHub } from "../../workers/durable-objects/UserHub";
import {
  connect,
  gameId,
  getJson,
  json,
  newPlayer,
  request,
  openPlaySession,
  scoredRound as scoredHelper,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

const join = (player: Player, game: number) =>
  getJson<JoinAnswer>(
    "/api/multiplayer/join",
    json("POST", { userId: player.userId, gameId: game }, player.token),
  );

/** A scored round for the player's play session of `game_type` (of the match `roomId`); returns the stats id. */
const scoredRound = (
  player: Player,
  game: number,
  score: number,
  gameType = 1,
  roomId?: string,
) => scoredHelper(player, game, score, gameType, roomId);

/**
 * Two players matched in a room of `game`: user sockets a and b, then (as the browser does) room sockets ra and rb. The
 * first waits and hears of the pairing on its user socket; the second learns it from the join answer.
 */
async function matched(game: number, names: [string, string]) {
  const [one, two] = [await newPlayer(names[0]), await newPlayer(names[1])];
  const [a, b] = [await connect(one), await connect(two)];
  const first = await join(one, game);
  expect(first.body.status).toBe("waiting");
  const second = await join(two, game);
  expect(second.body.status).toBe("matched");
  const request = await a.next("request_gameplay");
  const roomId = request.data.roomId;
  expect(second.body.roomId).toBe(roomId);
  const [ra, rb] = [
    await connect(one, roomSocketPath(roomId)),
    await connect(two, roomSocketPath(roomId)),
  ];
  return { one, two, a, b, ra, rb, roomId, seed: request.data.seed };
}

const droppedIn = (roomId: string) =>
  runInDurableObject(roomOf(env, roomId), (room: MatchRoom) =>
    room.snapshot().then((room) => Object.keys(room!.droppedAt)),
  );

/** As if the grace had run out for everybody who dropped. */
const graceOver = (roomId: string) =>
  runInDurableObject(roomOf(env, roomId), (room: MatchRoom) =>
    room.age(RECONNECT_GRACE_MS, "drops"),
  );

/** As if `ms` had passed since each of the player's user sockets was last heard from (and since the last one went). */
const hubAged = (player: Player, ms: number) =>
  runInDurableObject(hubOf(env, player.userId), (hub: UserHub) => hub.age(ms));

/** As if `ms` had passed since the game's waiting player joined. */
const lobbyAged = (game: number, ms: number) =>
  runInDurableObject(lobbyShard(env, game, 0), (lobby: Lobby) => lobby.age(ms));

const waitingIn = (game: number) =>
  runInDurableObject(lobbyShard(env, game, 0), (lobby: Lobby) =>
    lobby.waitingPlayer(),
  );

describe("POST /api/multiplayer/join and the Lobby", () => {
  it("pairs the next player with the one waiting: the first hears who joined and the seed, the second reads them in its answer", async () => {
    const game = await gameId("snake");
    const [ava, ben] = [
      await newPlayer("Pair Ava"),
      await newPlayer("Pair Ben"),
    ];
    const [a, b] = [await connect(ava), await connect(ben)];

    const first = await join(ava, game);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: "waiting",
      gameId: game,
      participants: [{ user_id: ava.userId, user_name: "Pair Ava" }],
    });
    if (first.body.status !== "waiting") throw new Error("not waiting");
    expect(first.body.expiresAt - Date.now()).toBeGreaterThan(8_000);
    // Joining again while waiting is the same wait.
    expect((await join(ava, game)).body.roomId).toBe(first.body.roomId);

    const second = await join(ben, game);
    expect(second.body).toMatchObject({
      status: "matched",
      roomId: first.body.roomId,
    });
    const joined = await a.next("user_joined");
    expect(joined.data.participant).toEqual({
      user_id: ben.userId,
      user_name: "Pair Ben",
      profile_pic: null,
      room_id: first.body.roomId,
    });
    const toAva = await a.next("request_gameplay");
    if (second.body.status !== "matched") throw new Error("not matched");
    expect(toAva.data).toEqual({
      roomId: second.body.roomId,
      gameId: game,
      seed: second.body.seed,
      participants: second.body.participants,
    });
    expect(toAva.data.participants.map((p) => p.user_id)).toEqual([
      ava.userId,
      ben.userId,
    ]);
    // The pairing reaches each player one way only: Ben has it in his answer, so his user socket hears nothing.
    await b.barrier();
    await a.barrier();
    expect(b.has("request_gameplay") || b.has("user_joined")).toBe(false);
    expect(a.has("request_gameplay")).toBe(false);
    // The lobby is free for the next pair.
    expect(await waitingIn(game)).toBeNull();
  });

  it("does not pair anyone with a player who closed the tab while waiting: the next player waits instead", async () => {
    const game = await gameId("sky-hopper");
    const [ghost, next] = [
      await newPlayer("Ghost Gil"),
      await newPlayer("Next Nia"),
    ];
    const ghostSocket = await connect(ghost);
    const nextSocket = await connect(next);
    expect((await join(ghost, game)).body.status).toBe("waiting");
    // Gil closes the tab: his only user socket goes, and with it any way to hear of a match.
    ghostSocket.socket.close(1000, "tab closed");
    await expect
      .poll(() =>
        runInDurableObject(hubOf(env, ghost.userId), (hub: UserHub) =>
          hub.connectionCount(),
        ),
      )
      .toBe(0);
    const answer = await join(next, game);
    expect(answer.body.status).toBe("waiting");
    expect((await waitingIn(game))?.participant.user_id).toBe(next.userId);
    expect(nextSocket.has("request_gameplay")).toBe(false);
    await runInDurableObject(lobbyShard(env, game, 0), (lobby: Lobby) =>
      lobby.leaveLobby(next.userId),
    );
  });

  it("does not pair a waiting player whose phone went silent (no close); pairs one whose ping the runtime answered lately", async () => {
    const game = await gameId("sky-hopper");
    const [quiet, next, live] = [
      await newPlayer("Quiet Quin"),
      await newPlayer("Next Ned"),
      await newPlayer("Live Lou"),
    ];
    const quietSocket = await connect(quiet);
    const nextSocket = await connect(next);
    const liveSocket = await connect(live);
    expect((await join(quiet, game)).body.status).toBe("waiting");
    // Quin's signal goes: his socket stays open, but nothing comes from it any more, nor from his page since he joined.
    await hubAged(quiet, LOBBY_HEARD_MS + 1);
    await lobbyAged(game, LOBBY_HEARD_MS + 1);
    expect((await join(next, game)).body.status).toBe("waiting");
    expect((await waitingIn(game))?.participant.user_id).toBe(next.userId);
    expect(quietSocket.has("request_gameplay")).toBe(false);

    // Ned's page keeps pinging while he waits: the runtime answers without waking his hub, and that counts.
    await hubAged(next, LOBBY_HEARD_MS + 1);
    await lobbyAged(game, LOBBY_HEARD_MS + 1);
    nextSocket.send(PING_FRAME);
    await nextSocket.next("pong");
    const paired = await join(live, game);
    expect(paired.body.status).toBe("matched");
    expect((await nextSocket.next("request_gameplay")).data.roomId).toBe(
      paired.body.roomId,
    );
    expect(liveSocket.has("room_timeout")).toBe(false);
  });

  it("pairs a player who joined a moment ago though their socket, opened long before, has been quiet since", async () => {
    const game = await gameId("sky-hopper");
    const [early, soon] = [
      await newPlayer("Early Eli"),
      await newPlayer("Soon Sal"),
    ];
    const earlySocket = await connect(early);
    await connect(soon);
    // Eli's page opened its socket long ago and sent nothing since; he taps Multiplayer, and Sal joins before Eli's
    // first ping is due.
    await hubAged(early, LOBBY_HEARD_MS + 1);
    expect((await join(early, game)).body.status).toBe("waiting");
    const paired = await join(soon, game);
    expect(paired.body.status).toBe("matched");
    expect((await earlySocket.next("request_gameplay")).data.roomId).toBe(
      paired.body.roomId,
    );
  });

  it("refuses someone else's user id, an unknown game and a malformed body", async () => {
    const game = await gameId("snake");
    const [ava, ben] = [
      await newPlayer("Rude Ava"),
      await newPlayer("Rude Ben"),
    ];
    expect(
      (
        await getJson(
          "/api/multiplayer/join",
          json("POST", { userId: ava.userId, gameId: game }),
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await getJson(
          "/api/multiplayer/join",
          json("POST", { userId: ben.userId, gameId: game }, ava.token),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await getJson<ApiErrorBody>(
          "/api/multiplayer/join",
          json("POST", { userId: ava.userId, gameId: 99999 }, ava.token),
        )
      ).status,
    ).toBe(404);
    const bad = await getJson<ApiErrorBody>(
      "/api/multiplayer/join",
      json("POST", { userId: ava.userId, gameId: "x" }, ava.token),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Invalid game id");
  });

  it("after 10 s alone (the alarm) tells the player there is no opponent; the bot is a real recorded run of someone else", async () => {
    const game = await gameId("star-dodger");
    const [lonely, recorder] = [
      await newPlayer("Lonely Lea"),
      await newPlayer("Recorder Rex"),
    ];
    const socket = await connect(lonely);

    // Nobody has recorded a run yet: no moves, so 'Opponents not available'.
    expect(
      (
        await getJson(`/api/player-move/${game}`, {
          headers: { Authorization: `Bearer ${lonely.token}` },
        })
      ).body,
    ).toEqual({
      _id: null,
      name: null,
      profile_pic: null,
      moves: [],
    });

    const waiting = await join(lonely, game);
    expect(waiting.body.status).toBe("waiting");
    expect(await runDurableObjectAlarm(lobbyShard(env, game, 0))).toBe(true);
    const timeout = await socket.next("room_timeout");
    expect(timeout.data).toEqual({ roomId: waiting.body.roomId, gameId: game });
    expect(await waitingIn(game)).toBeNull();

    // Someone plays a round: their timeline becomes the bot.
    await scoredRound(recorder, game, 40, 0);
    const bot = await getJson<{
      _id: number;
      name: string;
      moves: Array<{ time: number; score: number }>;
    }>(`/api/player-move/${game}`, {
      headers: { Authorization: `Bearer ${lonely.token}` },
    });
    expect(bot.body.name).toBe("Recorder Rex");
    // The run's timeline, as its replay on the server found it: from 0 to the round's 40, in time order.
    const times = bot.body.moves.map((move) => move.time);
    expect(bot.body.moves[0]).toEqual({ time: 0, score: 0 });
    expect(bot.body.moves.at(-1)?.score).toBe(40);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    // A player never gets their own run as a bot.
    expect(
      (
        await getJson<{ moves: unknown[] }>(`/api/player-move/${game}`, {
          headers: { Authorization: `Bearer ${recorder.token}` },
        })
      ).body.moves,
    ).toEqual([]);

    // The round against the bot is scored by the server: the player's accepted score against the run's last move.
    const stats = await scoredRound(lonely, game, 55, 2);
    const result = await getJson<{ _id: number }>(
      "/api/multiplayer/bot-result",
      json("POST", { stats_id: stats, bot_id: bot.body._id }, lonely.token),
    );
    expect(result.status).toBe(201);
    const again = await getJson<{ _id: number }>(
      "/api/multiplayer/bot-result",
      json("POST", { stats_id: stats, bot_id: bot.body._id }, lonely.token),
    );
    expect(again.body._id).toBe(result.body._id);
    const summary = await getJson<{
      players: Array<{ name: string; score: number; is_bot: boolean }>;
    }>(`/api/multiplayer/result/${result.body._id}`);
    expect(summary.body.players).toEqual([
      expect.objectContaining({ name: "Lonely Lea", score: 55, is_bot: false }),
      expect.objectContaining({
        name: "Recorder Rex",
        score: 40,
        is_bot: true,
      }),
    ]);
    // Someone else's session cannot be used.
    const other = await getJson(
      "/api/multiplayer/bot-result",
      json("POST", { stats_id: stats, bot_id: bot.body._id }, recorder.token),
    );
    expect(other.status).toBe(403);
  });
});

describe("/ws/room/{roomId}: the room socket", () => {
  it("refuses anyone but the room's players with a 4xx, never a 500, whatever headers they send", async () => {
    const { roomId } = await matched(await gameId("mole-mash"), [
      "Door Ava",
      "Door Ben",
    ]);
    const path = roomSocketPath(roomId);
    const upgrade = (headers: Record<string, string> = {}) =>
      request(path, { headers: { Upgrade: "websocket", ...headers } });
    expect((await upgrade()).status).toBe(401);
    expect((await upgrade({ Authorization: "Bearer forged" })).status).toBe(
      401,
    );
    expect((await request(path)).status).toBe(426);

    const stranger = await newPlayer("Nosy Nia");
    const refused = await upgrade({
      Authorization: `Bearer ${stranger.token}`,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json<ApiErrorBody>()).error.message).toBe(
      "You are not in this room",
    );
    // The trusted user header is built by the Worker; one sent by the client changes nothing.
    const { one } = await matched(await gameId("mole-mash"), [
      "Door Cy",
      "Door Di",
    ]);
    expect(
      (
        await upgrade({
          Authorization: `Bearer ${stranger.token}`,
          "X-Playfeed-User": String(one.userId),
        })
      ).status,
    ).toBe(403);

    expect(
      (
        await request(roomSocketPath(crypto.randomUUID()), {
          headers: {
            Upgrade: "websocket",
            Authorization: `Bearer ${stranger.token}`,
          },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await request("/ws/room/NOT_A_ROOM", {
          headers: {
            Upgrade: "websocket",
            Authorization: `Bearer ${stranger.token}`,
          },
        })
      ).status,
    ).toBe(404);
  });

  it("relays each live score to the opponent's room socket only, and acknowledges it", async () => {
    const { one, two, a, b, ra, rb, roomId } = await matched(
      await gameId("mole-mash"),
      ["Live Ava", "Live Ben"],
    );
    ra.send({ event: "game_data", id: "m1", data: { score: 7 } });
    expect((await ra.next("ack")).data).toEqual({ id: "m1" });
    expect((await rb.next("game_data")).data).toEqual({
      userId: one.userId,
      score: 7,
    });
    rb.send({ event: "game_data", data: { score: 3 } });
    expect((await ra.next("game_data")).data).toEqual({
      userId: two.userId,
      score: 3,
    });
    for (const socket of [ra, rb, a, b]) await socket.barrier();
    // Not echoed to the sender, and nothing of the match goes over the user sockets.
    expect(
      ra.has("game_data") ||
        rb.has("game_data") ||
        a.has("game_data") ||
        b.has("game_data"),
    ).toBe(false);

    // A second room socket of the same player (a reload) sees where the opponent is at once.
    const again = await connect(two, roomSocketPath(roomId));
    expect((await again.next("game_data")).data).toEqual({
      userId: one.userId,
      score: 7,
    });
  });

  it("answers a malformed message, a chat event or a frame that names a room or player with an error and keeps the connection", async () => {
    const { one, a, ra, rb, roomId } = await matched(
      await gameId("mole-mash"),
      ["Bad Ava", "Bad Ben"],
    );
    ra.send("{not json");
    expect((await ra.next("error")).data.message).toBe(
      "Messages must be JSON text",
    );
    ra.send({ event: "game_data", id: "m2", data: { score: -4 } });
    expect((await ra.next("error")).data).toEqual({
      message: "Malformed game_data: Too small: expected number to be >=0",
      id: "m2",
    });
    ra.send({ event: "end_game", data: { statsId: 999999 } });
    expect((await ra.next("error")).data.message).toBe(
      "Submit the round's score before ending the game",
    );
    // The address names the room: a frame naming one, this room or another, is refused and relays nothing.
    for (const named of [roomId, crypto.randomUUID()]) {
      ra.send({
        event: "game_data",
        id: "m3",
        data: { roomId: named, score: 1 },
      });
      expect((await ra.next("error")).data).toEqual({
        message:
          "Malformed game_data: the room socket's address names the room and the session the player; leave out roomId",
        id: "m3",
      });
    }
    ra.send({
      event: "exit_game_room",
      data: { score: 0, userId: one.userId + 1 },
    });
    expect((await ra.next("error")).data.message).toBe(
      "Malformed exit_game_room: the room socket's address names the room and the session the player; leave out userId",
    );
    // A user-socket event sent to the room is pointed back to /ws.
    ra.send({ event: "typing_note", id: "t1", data: { to: one.userId + 1 } });
    expect((await ra.next("error")).data).toEqual({
      message: "Chat events go on the user socket (/ws)",
      id: "t1",
    });
    ra.send({ event: "room_timeout", data: {} });
    expect((await ra.next("error")).data.message).toBe(
      "Unknown or malformed event: room_timeout",
    );

    // The user socket no longer carries match events.
    a.send({ event: "game_data", id: "u1", data: { score: 1 } });
    expect((await a.next("error")).data).toEqual({
      message: "Match events go on the room socket (/ws/room/{roomId})",
      id: "u1",
    });

    ra.send({ event: "ping", id: "p1" });
    expect((await ra.next("ack")).data).toEqual({ id: "p1" });
    // None of the refused frames reached the opponent: no score, nobody left.
    expect(rb.has("game_data") || rb.has("exit_game_room")).toBe(false);
  });

  it("ends normally when both have finished: status 1 on both room sockets, and a stored result with both accepted scores", async () => {
    const game = await gameId("fruit-catch");
    const { one, two, ra, rb, roomId, seed } = await matched(game, [
      "End Ava",
      "End Ben",
    ]);
    // A session opened for the match is dealt the match's seed; nobody else can open one for it.
    const forMatch = await openPlaySession(one, game, {
      game_type: 1,
      room_id: roomId,
    });
    expect(forMatch.seed).toBe(seed);
    const outsider = await newPlayer("End Outsider");
    const refused = await getJson(
      "/api/gamestats",
      json(
        "POST",
        { game_id: game, game_type: 1, room_id: roomId },
        outsider.token,
      ),
    );
    expect(refused.status).toBe(403);
    // A round not played for this match does not count in it.
    const solo = await scoredRound(one, game, 41, 0);
    ra.send({ event: "end_game", id: "solo", data: { statsId: solo } });
    expect((await ra.next("error")).data).toEqual({
      id: "solo",
      message: "Submit the round's score before ending the game",
    });
    ra.send({
      event: "end_game",
      data: { statsId: await scoredRound(one, game, 29, 1, roomId) },
    });
    await ra.barrier();
    expect(ra.has("end_game")).toBe(false);
    rb.send({
      event: "end_game",
      data: { statsId: await scoredRound(two, game, 45, 1, roomId) },
    });
    const [toA, toB] = [await ra.next("end_game"), await rb.next("end_game")];
    expect(toA.data).toEqual(toB.data);
    expect(toA.data).toMatchObject({ status: 1 });

    const summary = await getJson<{
      status: number;
      players: Array<{ _id: number; score: number }>;
    }>(`/api/multiplayer/result/${toA.data.resultId}`);
    expect(summary.body.status).toBe(1);
    expect(summary.body.players.map((p) => [p._id, p.score])).toEqual([
      [one.userId, 29],
      [two.userId, 45],
    ]);
    // A room socket opened after the end hears the end at once.
    expect(
      (await (await connect(one, roomSocketPath(roomId))).next("end_game"))
        .data,
    ).toEqual(toA.data);
  });

  it("tells the other player when one exits, and ends with status 2", async () => {
    const game = await gameId("fruit-catch");
    const { one, two, ra, rb, roomId } = await matched(game, [
      "Exit Ava",
      "Exit Ben",
    ]);
    // Ava submits her round so far on the way out; the score her exit frame claims is not believed.
    await scoredRound(one, game, 12, 1, roomId);
    ra.send({
      event: "exit_game_room",
      id: "x1",
      data: { score: 999_999_999 },
    });
    expect((await ra.next("ack")).data).toEqual({ id: "x1" });
    expect((await rb.next("exit_game_room")).data).toEqual({
      userId: one.userId,
      score: 12,
    });
    // Closing the room socket after leaving is not a drop: the player has already left.
    ra.socket.close(1000, "left");
    rb.send({
      event: "end_game",
      data: { statsId: await scoredRound(two, game, 20, 1, roomId) },
    });
    const end = await rb.next("end_game");
    expect(end.data.status).toBe(2);
    const summary = await getJson<{
      left_user_id: number;
      players: Array<{ score: number }>;
    }>(`/api/multiplayer/result/${end.data.resultId}`);
    expect(summary.body.left_user_id).toBe(one.userId);
    expect(summary.body.players.map((p) => p.score)).toEqual([12, 20]);
  });

  it("gives a player whose room socket dropped 10 s to come back, then counts them as gone and writes the result", async () => {
    const game = await gameId("dash-runner");
    const { one, two, a, ra, rb, roomId } = await matched(game, [
      "Drop Ava",
      "Drop Ben",
    ]);
    expect(await droppedIn(roomId)).toEqual([]);
    ra.send({ event: "game_data", data: { score: 9 } });
    await rb.next("game_data");

    // Closing the user socket is not leaving the match: only the room socket counts.
    a.socket.close(1000, "tab");
    await expect.poll(() => hubCount(one)).toBe(0);
    expect(await droppedIn(roomId)).toEqual([]);

    // Ava's room socket drops and comes back in time: nothing happens.
    ra.socket.close(1000, "tunnel");
    await expect.poll(() => droppedIn(roomId)).toEqual([String(one.userId)]);
    const back = await connect(one, roomSocketPath(roomId));
    await expect.poll(() => droppedIn(roomId)).toEqual([]);
    expect(rb.has("exit_game_room")).toBe(false);

    // It drops again and stays away: when the alarm fires, Ben hears that she left. Her live 9 was only shown:
    // she submitted no round of this match, so she left with 0.
    back.socket.close(1000, "gone");
    await expect.poll(() => droppedIn(roomId)).toEqual([String(one.userId)]);
    await graceOver(roomId);
    expect(await runDurableObjectAlarm(roomOf(env, roomId))).toBe(true);
    expect((await rb.next("exit_game_room")).data).toEqual({
      userId: one.userId,
      score: 0,
    });

    // Ben finishes: the result is written with what the server accepted for each of them.
    rb.send({
      event: "end_game",
      data: { statsId: await scoredRound(two, game, 25, 1, roomId) },
    });
    const end = await rb.next("end_game");
    expect(end.data.status).toBe(2);
    const summary = await getJson<{
      status: number;
      left_user_id: number;
      players: Array<{ _id: number; score: number }>;
    }>(`/api/multiplayer/result/${end.data.resultId}`);
    expect(summary.body).toMatchObject({ status: 2, left_user_id: one.userId });
    expect(summary.body.players.map((p) => [p._id, p.score])).toEqual([
      [one.userId, 0],
      [two.userId, 25],
    ]);
  });

  it("counts a player whose room socket stays open but silent as gone after the grace, while a player who pings stays", async () => {
    const game = await gameId("dash-runner");
    const { one, two, ra, rb, roomId } = await matched(game, [
      "Silent Ava",
      "Silent Ben",
    ]);
    const room = roomOf(env, roomId);
    // Ava's phone loses its signal with the socket still open: nothing closes, nothing more arrives from her.
    await runInDurableObject(room, (instance: MatchRoom) =>
      instance.age(RECONNECT_GRACE_MS - 1_000, "sockets"),
    );
    // Not yet 10 s: the check finds everybody still there.
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(rb.has("exit_game_room")).toBe(false);
    // Ben's browser keeps pinging (answered by the runtime); Ava stays silent past the grace.
    await runInDurableObject(room, (instance: MatchRoom) =>
      instance.age(1_000, "sockets"),
    );
    rb.send(PING_FRAME);
    await rb.next("pong");
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect((await rb.next("exit_game_room")).data).toEqual({
      userId: one.userId,
      score: 0,
    });
    // Ava's link comes back: she is told the match went on without her, and her points no longer reach Ben.
    expect((await ra.next("exit_game_room")).data).toEqual({
      userId: one.userId,
      score: 0,
    });
    ra.send({ event: "game_data", id: "late", data: { score: 50 } });
    expect((await ra.next("ack")).data).toEqual({ id: "late" });
    await rb.barrier();
    expect(rb.has("game_data")).toBe(false);
    // Ben is still in the match and finishes it.
    rb.send({
      event: "end_game",
      data: { statsId: await scoredRound(two, game, 25, 1, roomId) },
    });
    const end = await rb.next("end_game");
    expect(end.data.status).toBe(2);
  });

  it("tells a player who lost the page where the match stands (to rejoin it), and nobody else anything", async () => {
    const game = await gameId("dash-runner");
    const { one, two, rb, roomId, seed } = await matched(game, [
      "Reload Ava",
      "Reload Ben",
    ]);
    const view = (player: Player, id = roomId) =>
      getJson<Record<string, unknown>>(`/api/multiplayer/room/${id}`, {
        headers: { Authorization: `Bearer ${player.token}` },
      });
    const mine = await view(one);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      roomId,
      gameId: game,
      seed,
      left: false,
      finished: false,
      resultId: null,
    });
    expect(
      (mine.body.participants as Array<{ user_id: number }>).map(
        (p) => p.user_id,
      ),
    ).toEqual([one.userId, two.userId]);
    const stranger = await newPlayer("Reload Nosy");
    expect((await view(stranger)).status).toBe(404);
    expect((await view(one, crypto.randomUUID())).status).toBe(404);
    expect((await view(one, "NOT A ROOM")).status).toBe(404);
    expect((await getJson(`/api/multiplayer/room/${roomId}`)).status).toBe(401);
    // Ava is away past the grace: the room says she left.
    await runInDurableObject(roomOf(env, roomId), (instance: MatchRoom) =>
      instance.age(RECONNECT_GRACE_MS, "sockets"),
    );
    rb.send(PING_FRAME);
    await rb.next("pong");
    expect(await runDurableObjectAlarm(roomOf(env, roomId))).toBe(true);
    await rb.next("exit_game_room");
    expect((await view(one)).body).toMatchObject({
      left: true,
      resultId: null,
    });
  });

  it("counts a player who never opens a room socket as dropped from the start", async () => {
    const game = await gameId("dash-runner");
    const [one, two] = [
      await newPlayer("Ghost Ava"),
      await newPlayer("Ghost Ben"),
    ];
    const [a] = [await connect(one), await connect(two)];
    await join(one, game);
    await join(two, game);
    const roomId = (await a.next("request_gameplay")).data.roomId;
    expect((await droppedIn(roomId)).sort()).toEqual(
      [String(one.userId), String(two.userId)].sort(),
    );
    const rb = await connect(two, roomSocketPath(roomId));
    await expect.poll(() => droppedIn(roomId)).toEqual([String(one.userId)]);
    await graceOver(roomId);
    expect(await runDurableObjectAlarm(roomOf(env, roomId))).toBe(true);
    expect((await rb.next("exit_game_room")).data).toMatchObject({
      userId: one.userId,
      score: 0,
    });
  });

  it("closes a player's room socket when their session logs out, and the room counts them as dropped", async () => {
    const { one, ra, rb, roomId } = await matched(await gameId("dash-runner"), [
      "Logout Ava",
      "Logout Ben",
    ]);
    const closed = new Promise<number>((resolve) =>
      ra.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    expect(
      (
        await request("/api/user/logout", {
          method: "POST",
          headers: { Authorization: `Bearer ${one.token}` },
        })
      ).status,
    ).toBe(204);
    expect(await closed).toBe(4001);
    await expect.poll(() => droppedIn(roomId)).toEqual([String(one.userId)]);
    expect(rb.has("exit_game_room")).toBe(false);
  });

  it("refuses a user socket without a valid token", async () => {
    expect(
      (await request("/ws", { headers: { Upgrade: "websocket" } })).status,
    ).toBe(401);
    expect(
      (
        await request("/ws", {
          headers: { Upgrade: "websocket", Authorization: "Bearer forged" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("the room's relay path: live scores handled at once, in memory", () => {
  const scores = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => from + index);

  it("relays a burst of live scores in the order each player sent them, both ways at once", async () => {
    const { one, two, ra, rb } = await matched(await gameId("mole-mash"), [
      "Burst Ava",
      "Burst Ben",
    ]);
    const count = 150;
    for (const score of scores(1, count)) {
      ra.send({ event: "game_data", data: { score } });
      rb.send({ event: "game_data", data: { score: 1000 + score } });
    }
    const heardBy = async (socket: typeof ra) => {
      const heard = [];
      for (let i = 0; i < count; i++)
        heard.push((await socket.next("game_data")).data);
      return heard;
    };
    expect(await heardBy(rb)).toEqual(
      scores(1, count).map((score) => ({ userId: one.userId, score })),
    );
    expect(await heardBy(ra)).toEqual(
      scores(1001, count).map((score) => ({ userId: two.userId, score })),
    );
  });

  it("sends a player who reconnects within the grace the opponent's latest score, then every score both ways on the new socket, and counts nobody gone", async () => {
    const { one, two, ra, rb, roomId } = await matched(
      await gameId("dash-runner"),
      ["Back Ava", "Back Ben"],
    );
    ra.send({ event: "game_data", data: { score: 4 } });
    await rb.next("game_data");
    ra.socket.close(1000, "tunnel");
    await expect.poll(() => droppedIn(roomId)).toEqual([String(one.userId)]);
    // While she is away Ben's score goes nowhere, but the room keeps it for her.
    rb.send({ event: "game_data", id: "away", data: { score: 11 } });
    expect((await rb.next("ack")).data).toEqual({ id: "away" });

    const back = await connect(one, roomSocketPath(roomId));
    expect((await back.next("game_data")).data).toEqual({
      userId: two.userId,
      score: 11,
    });
    await expect.poll(() => droppedIn(roomId)).toEqual([]);
    rb.send({ event: "game_data", data: { score: 12 } });
    expect((await back.next("game_data")).data).toEqual({
      userId: two.userId,
      score: 12,
    });
    back.send({ event: "game_data", data: { score: 5 } });
    expect((await rb.next("game_data")).data).toEqual({
      userId: one.userId,
      score: 5,
    });

    // Her drop is over: however much later the alarm runs, nobody is counted gone.
    await graceOver(roomId);
    await runDurableObjectAlarm(roomOf(env, roomId));
    await rb.barrier();
    await back.barrier();
    expect(rb.has("exit_game_room") || back.has("exit_game_room")).toBe(false);
  });

  it("keeps a live room's alarm within the grace while both players are connected, so the room is not evicted before play", async () => {
    const { ra, rb, roomId } = await matched(await gameId("mole-mash"), [
      "Awake Ava",
      "Awake Ben",
    ]);
    ra.send(PING_FRAME);
    rb.send(PING_FRAME);
    await Promise.all([ra.next("pong"), rb.next("pong")]);
    const alarmIn = () =>
      runInDurableObject(roomOf(env, roomId), async (_room, state) => {
        const at = await state.storage.getAlarm();
        return at === null ? null : at - Date.now();
      });
    const first = await alarmIn();
    expect(first).not.toBeNull();
    expect(first!).toBeLessThanOrEqual(RECONNECT_GRACE_MS);
    // The alarm comes, finds both players heard from, and sets the next one within the grace again.
    expect(await runDurableObjectAlarm(roomOf(env, roomId))).toBe(true);
    const next = await alarmIn();
    expect(next).not.toBeNull();
    expect(next!).toBeLessThanOrEqual(RECONNECT_GRACE_MS);
    expect(ra.has("exit_game_room") || rb.has("exit_game_room")).toBe(false);
  });

  it("ends once both have finished, after every score sent before the end, and leaves no alarm behind", async () => {
    const game = await gameId("fruit-catch");
    const { one, two, ra, rb, roomId } = await matched(game, [
      "Last Ava",
      "Last Ben",
    ]);
    rb.send({
      event: "end_game",
      id: "ben-done",
      data: { statsId: await scoredRound(two, game, 45, 1, roomId) },
    });
    expect((await rb.next("ack")).data).toEqual({ id: "ben-done" });
    const statsId = await scoredRound(one, game, 29, 1, roomId);
    for (const score of scores(1, 20))
      ra.send({ event: "game_data", data: { score } });
    ra.send({ event: "end_game", data: { statsId } });

    const heard = [];
    for (;;) {
      const event = await rb.take(
        (event) => event.event === "game_data" || event.event === "end_game",
        "a score or the end",
      );
      heard.push(event);
      if (event.event === "end_game") break;
    }
    expect(heard.slice(0, -1).map((event) => event.data)).toEqual(
      scores(1, 20).map((score) => ({ userId: one.userId, score })),
    );
    expect(heard.at(-1)?.data).toMatchObject({ status: 1 });
    expect((await ra.next("end_game")).data).toEqual(heard.at(-1)?.data);
    expect(await runDurableObjectAlarm(roomOf(env, roomId))).toBe(false);
    const room = await runInDurableObject(
      roomOf(env, roomId),
      (room: MatchRoom) => room.snapshot(),
    );
    expect(room?.finals).toEqual({ [one.userId]: 29, [two.userId]: 45 });
    expect(room?.resultId).toBeGreaterThan(0);
  });
});

describe("presence", () => {
  it("tells followers when a user comes online and goes offline", async () => {
    const [star, fan] = [
      await newPlayer("Star Sol"),
      await newPlayer("Fan Fia"),
    ];
    await env.DB.prepare(
      "insert into follows (follower_id, followee_id) values (?, ?)",
    )
      .bind(fan.userId, star.userId)
      .run();
    const fanSocket = await connect(fan);
    const starSocket = await connect(star);
    expect((await fanSocket.next("user-connection")).data).toEqual({
      userId: star.userId,
      online: true,
    });
    starSocket.socket.close(1000, "bye");
    await expect.poll(() => hubCount(star)).toBe(0);
    await hubAged(star, OFFLINE_GRACE_MS);
    await runDurableObjectAlarm(hubOf(env, star.userId));
    expect((await fanSocket.next("user-connection")).data).toEqual({
      userId: star.userId,
      online: false,
    });
  });

  it("says nothing to followers when a reload replaces the socket within the grace", async () => {
    const [star, fan] = await followed("Reload Rae", "Fan Fay");
    const fanSocket = await connect(fan);
    const first = await connect(star);
    await fanSocket.next("user-connection");
    first.socket.close(1000, "reload");
    await expect.poll(() => hubCount(star)).toBe(0);
    // Meanwhile the friends list still says what followers were told.
    expect(await friendsOf(fan)).toEqual([
      expect.objectContaining({ _id: star.userId, is_online: true }),
    ]);
    await connect(star);
    await hubAged(star, OFFLINE_GRACE_MS);
    await runDurableObjectAlarm(hubOf(env, star.userId));
    await fanSocket.barrier();
    expect(fanSocket.has("user-connection")).toBe(false);
  });

  it("counts a socket that stops answering as gone after the silence: followers hear it, the list and pushes follow", async () => {
    const [star, fan] = await followed("Silent Sid", "Fan Flo");
    const fanSocket = await connect(fan);
    const starSocket = await connect(star);
    const closed = new Promise<number>((resolve) =>
      starSocket.socket.addEventListener("close", (event) =>
        resolve(event.code),
      ),
    );
    await fanSocket.next("user-connection");
    // Heard from lately: the alarm finds nothing to do.
    await runDurableObjectAlarm(hubOf(env, star.userId));
    expect(await hubCount(star)).toBe(1);
    expect(fanSocket.has("user-connection")).toBe(false);

    // The phone loses its signal: no close, no pings.
    await hubAged(star, USER_SILENCE_MS);
    await runDurableObjectAlarm(hubOf(env, star.userId));
    expect((await fanSocket.next("user-connection")).data).toEqual({
      userId: star.userId,
      online: false,
    });
    expect(await hubCount(star)).toBe(0);
    expect(await friendsOf(fan)).toEqual([
      expect.objectContaining({ _id: star.userId, is_online: false }),
    ]);
    // What is pushed now (an invitation) finds no tab, so it goes out as a Web Push instead.
    expect(
      await runInDurableObject(hubOf(env, star.userId), (hub: UserHub) =>
        hub.push({ event: "wallet_update", data: { wallet: 1 } }),
      ),
    ).toBe(0);
    expect(await closed).toBe(SILENT_CLOSE_CODE);
  });
});

const hubCount = (player: Player) =>
  runInDurableObject(hubOf(env, player.userId), (hub: UserHub) =>
    hub.connectionCount(),
  );

async function followed(starName: string, fanName: string) {
  const [star, fan] = [await newPlayer(starName), await newPlayer(fanName)];
  await env.DB.prepare(
    "insert into follows (follower_id, followee_id) values (?, ?)",
  )
    .bind(fan.userId, star.userId)
    .run();
  return [star, fan] as const;
}

const friendsOf = async (player: Player) =>
  (
    await getJson<Friend[]>(`/api/social/friends/${player.userId}`, {
      headers: { Authorization: `Bearer ${player.token}` },
    })
  ).body;
