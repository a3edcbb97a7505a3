import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  FRIEND_INVITE_TTL_MS,
  FRIEND_MATCH_TEXT as TEXT,
  REMATCH_TTL_MS,
  type MatchInviteView,
  type MatchStart,
  type PairTally,
  type RematchAnswer,
} from "#contract/friend-matches";
import type { ApiErrorBody, MatchSummary } from "#contract/types";
import { createServices } from "../../workers/context";
import { roomOf } from "../../workers/durable-objects/hubs";
import type { MatchRoom } from "../../workers/durable-objects/MatchRoom";
import {
  connect,
  externalGame,
  gameId,
  getJson,
  json,
  makeFriends,
  newPlayer,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

const invite = (player: Player, body: Record<string, unknown>) =>
  getJson<MatchInviteView & ApiErrorBody>(
    "/api/friend-matches",
    json("POST", body, player.token),
  );
const accept = (player: Player, code: string) =>
  getJson<MatchStart & ApiErrorBody>(
    `/api/friend-matches/${code}/accept`,
    json("POST", {}, player.token),
  );
const decline = (player: Player, code: string) =>
  getJson<MatchInviteView & ApiErrorBody>(
    `/api/friend-matches/${code}/decline`,
    json("POST", {}, player.token),
  );
const rematch = (player: Player, resultId: number) =>
  getJson<RematchAnswer & ApiErrorBody>(
    "/api/friend-matches/rematch",
    json("POST", { resultId }, player.token),
  );
const roomState = (roomId: string) =>
  runInDurableObject(roomOf(env, roomId), (room: MatchRoom) => room.snapshot());

/** Moves an invitation's end to the past, as if its time had run out. */
const expire = (code: string) =>
  env.DB.prepare("update match_invites set expires_at = ? where code = ?")
    .bind(Date.now() - 1, code)
    .run();

/** A finished match between two players, as its MatchRoom writes it. */
async function finishedMatch(
  one: Player,
  two: Player,
  scores: [number, number],
  game: number,
): Promise<number> {
  const row = await env.DB.prepare(
    `insert into match_results (game_id, room_id, player_one_id, player_one_score, player_two_id, player_two_score)
     values (?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      game,
      crypto.randomUUID(),
      one.userId,
      scores[0],
      two.userId,
      scores[1],
    )
    .first<number>("id");
  return row!;
}

describe("play with a friend", () => {
  it("invites a friend live, expires after 2 minutes, and puts both in one room with one seed when accepted", async () => {
    const game = await gameId("tower-stack");
    const [ann, ben] = [
      await newPlayer("Invite Ann"),
      await newPlayer("Invite Ben"),
    ];
    await makeFriends(ann, ben);
    const [annSocket, benSocket] = [await connect(ann), await connect(ben)];
    const before = Date.now();
    const made = await invite(ann, { gameId: game, friendId: ben.userId });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      kind: "friend",
      status: "open",
      from: { id: ann.userId, name: "Invite Ann" },
      to: { id: ben.userId },
      game: { id: game },
    });
    const expiresAt = Date.parse(made.body.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(FRIEND_INVITE_TTL_MS);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(FRIEND_INVITE_TTL_MS);

    const live = await benSocket.next("match_invite");
    expect(live.data).toMatchObject({
      code: made.body.code,
      from: { id: ann.userId, name: "Invite Ann" },
      game: { id: game },
      expiresAt: made.body.expiresAt,
    });

    const taken = await accept(ben, made.body.code);
    expect(taken.status).toBe(200);
    expect(taken.body.participants.map((p) => p.user_id)).toEqual([
      ann.userId,
      ben.userId,
    ]);
    const told = await annSocket.next("match_invite_answer");
    expect(told.data).toMatchObject({ status: "accepted" });
    expect(told.data.match).toEqual(taken.body);
    const room = await roomState(taken.body.roomId);
    expect(room).toMatchObject({ gameId: game, seed: taken.body.seed });
    // Both players' play sessions get the room's seed.
    for (const player of [ann, ben]) {
      const session = await getJson<{ seed: number }>(
        "/api/gamestats",
        json(
          "POST",
          { game_id: game, game_type: 0, room_id: taken.body.roomId },
          player.token,
        ),
      );
      expect(session.body.seed).toBe(taken.body.seed);
    }
    // The same taker again (a second tap): the same match, not a second room.
    const again = await accept(ben, made.body.code);
    expect(again.body.roomId).toBe(taken.body.roomId);
  });

  it("refuses an expired invitation with a clear message, to the friend and on the link", async () => {
    const game = await gameId("snake");
    const [ann, ben] = [
      await newPlayer("Expiry Ann"),
      await newPlayer("Expiry Ben"),
    ];
    await makeFriends(ann, ben);
    const made = await invite(ann, { gameId: game, friendId: ben.userId });
    await expire(made.body.code);
    const late = await accept(ben, made.body.code);
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe(TEXT.expired);
    const seen = await getJson<MatchInviteView>(
      `/api/friend-matches/${made.body.code}`,
      { headers: { Authorization: `Bearer ${ann.token}` } },
    );
    expect(seen.body.status).toBe("expired");

    // A day after its end the cron drops it; a newer one stays.
    const fresh = await invite(ann, { gameId: game, friendId: ben.userId });
    await env.DB.prepare(
      "update match_invites set expires_at = expires_at - ? where code = ?",
    )
      .bind(25 * 60 * 60_000, made.body.code)
      .run();
    await createServices(env).friendMatches.sweep();
    const left = await env.DB.prepare(
      "select code from match_invites where code in (?, ?)",
    )
      .bind(made.body.code, fresh.body.code)
      .all<{ code: string }>();
    expect(left.results.map((row) => row.code)).toEqual([fresh.body.code]);
    expect(
      (
        await getJson<ApiErrorBody>(`/api/friend-matches/${made.body.code}`, {
          headers: { Authorization: `Bearer ${ann.token}` },
        })
      ).status,
    ).toBe(404);
  });

  it("lets only the invited friend take a targeted invitation, and only mutual friends who did not block each other be invited", async () => {
    const game = await gameId("snake");
    const [ann, ben, cat, dan] = [
      await newPlayer("Rule Ann"),
      await newPlayer("Rule Ben"),
      await newPlayer("Rule Cat"),
      await newPlayer("Rule Dan"),
    ];
    await makeFriends(ann, ben);
    const made = await invite(ann, { gameId: game, friendId: ben.userId });
    const stranger = await accept(cat, made.body.code);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe(TEXT.notForYou);
    const own = await accept(ann, made.body.code);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(TEXT.ownInvite);

    // Ann follows Dan, Dan does not follow back: not friends.
    await getJson(
      "/api/social/follow",
      json("POST", { from: ann.userId, to: dan.userId }, ann.token),
    );
    const oneWay = await invite(ann, { gameId: game, friendId: dan.userId });
    expect(oneWay.status).toBe(403);
    expect(oneWay.body.error.message).toBe(TEXT.friendsOnly);

    // Blocked: neither a targeted invitation nor taking a link.
    await getJson(
      "/api/social/block",
      json("POST", { user_id: cat.userId }, ann.token),
    );
    const link = await invite(ann, { gameId: game });
    expect(link.status).toBe(201);
    const blocked = await accept(cat, link.body.code);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe(TEXT.blocked);

    // Declined: the inviter hears of it and nobody may take it afterwards.
    const annSocket = await connect(ann);
    const no = await decline(ben, made.body.code);
    expect(no.body.status).toBe("declined");
    expect((await annSocket.next("match_invite_answer")).data.status).toBe(
      "declined",
    );
    const afterNo = await accept(ben, made.body.code);
    expect(afterNo.status).toBe(410);
    expect(afterNo.body.error.message).toBe(TEXT.declined);
  });

  it("refuses a game without a multiplayer mode, a malformed code and an unknown one", async () => {
    const ann = await newPlayer("Solo Ann");
    const solo = await externalGame("solo-only");
    await env.DB.prepare("update games set game_modes = 1 where id = ?")
      .bind(solo)
      .run();
    const refused = await invite(ann, { gameId: solo });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(TEXT.noMultiplayer);
    expect((await accept(ann, "not-a-code")).status).toBe(400);
    expect((await accept(ann, "A".repeat(22))).status).toBe(404);
  });

  it("gives a link to the first of two takers at once: one room, the other told it was taken", async () => {
    const game = await gameId("snake");
    const [ann, ben, cat] = [
      await newPlayer("Race Ann"),
      await newPlayer("Race Ben"),
      await newPlayer("Race Cat"),
    ];
    const link = await invite(ann, { gameId: game });
    expect(link.body.to).toBeNull();
    const answers = await Promise.all([
      accept(ben, link.body.code),
      accept(cat, link.body.code),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.error.message).toBe(TEXT.taken);
    const winner = answers.find((answer) => answer.status === 200)!;
    const rows = await env.DB.prepare(
      "select count(*) as n from match_invites where code = ? and taken_by is not null",
    )
      .bind(link.body.code)
      .first<number>("n");
    expect(rows).toBe(1);
    const room = await roomState(winner.body.roomId);
    expect(room?.participants.map((p) => p.user_id)).toEqual(
      winner.body.participants.map((p) => p.user_id),
    );
  });

  it("keeps one open invitation per friend: a new one replaces the last, the friend is told, racing twins leave one", async () => {
    const [snake, tower] = [await gameId("snake"), await gameId("tower-stack")];
    const [ann, ben, cat] = [
      await newPlayer("Again Ann"),
      await newPlayer("Again Ben"),
      await newPlayer("Again Cat"),
    ];
    await makeFriends(ann, ben);
    await makeFriends(ann, cat);
    const openTo = (friend: Player) =>
      env.DB.prepare(
        `select code from match_invites where inviter_id = ? and invitee_id = ?
         and taken_by is null and closed_at is null and expires_at > ?`,
      )
        .bind(ann.userId, friend.userId, Date.now())
        .all<{ code: string }>()
        .then((result) => result.results.map((row) => row.code));

    const benSocket = await connect(ben);
    const first = await invite(ann, { gameId: snake, friendId: ben.userId });
    await benSocket.next("match_invite");
    const toCat = await invite(ann, { gameId: snake, friendId: cat.userId });
    const second = await invite(ann, { gameId: tower, friendId: ben.userId });
    expect(second.status).toBe(201);
    const told = await benSocket.next("match_invite_answer");
    expect(told.data).toEqual({
      code: first.body.code,
      status: "cancelled",
      match: null,
    });
    expect((await benSocket.next("match_invite")).data.code).toBe(
      second.body.code,
    );
    expect(await openTo(ben)).toEqual([second.body.code]);
    // Another friend's invitation stays open.
    expect(await openTo(cat)).toEqual([toCat.body.code]);
    const stale = await accept(ben, first.body.code);
    expect(stale.status).toBe(410);
    expect(stale.body.error.message).toBe(TEXT.cancelled);
    expect((await accept(ben, second.body.code)).status).toBe(200);

    const twins = await Promise.all(
      Array.from({ length: 6 }, () =>
        invite(ann, { gameId: snake, friendId: cat.userId }),
      ),
    );
    expect(twins.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const open = await openTo(cat);
    expect(open).toHaveLength(1);
    expect(twins.map((answer) => answer.body.code)).toContain(open[0]);

    // A lapsed invitation replaced later still reads as expired, not cancelled.
    await expire(open[0]);
    await invite(ann, { gameId: snake, friendId: cat.userId });
    const lapsed = await accept(cat, open[0]);
    expect(lapsed.body.error.message).toBe(TEXT.expired);
    benSocket.socket.close(1000, "done");
  });

  it("limits how many invitations one player makes", async () => {
    const game = await gameId("snake");
    const ann = await newPlayer("Busy Ann");
    for (let i = 0; i < 30; i++)
      expect((await invite(ann, { gameId: game })).status).toBe(201);
    const refused = await invite(ann, { gameId: game });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/Too many match invitations/);
  });
});

describe("rematch", () => {
  it("starts a second match with a new seed when both ask within 15 s; the asker's offer reaches the other live", async () => {
    const game = await gameId("tower-stack");
    const [ann, ben] = [
      await newPlayer("Again Ann"),
      await newPlayer("Again Ben"),
    ];
    const resultId = await finishedMatch(ann, ben, [10, 7], game);
    const benSocket = await connect(ben);
    const asked = await rematch(ann, resultId);
    expect(asked.status).toBe(200);
    if (asked.body.status !== "waiting") throw new Error("expected an offer");
    const expiresAt = Date.parse(asked.body.invite.expiresAt);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(REMATCH_TTL_MS);
    expect(expiresAt - Date.now()).toBeGreaterThan(REMATCH_TTL_MS - 5_000);
    const offer = await benSocket.next("match_invite");
    expect(offer.data).toMatchObject({ kind: "rematch", resultId });
    // Asking again while waiting is the same offer.
    const twice = await rematch(ann, resultId);
    expect(twice.body.status).toBe("waiting");

    const annSocket = await connect(ann);
    const taken = await rematch(ben, resultId);
    if (taken.body.status !== "matched") throw new Error("expected a match");
    const told = await annSocket.next("match_invite_answer");
    expect(told.data.match?.roomId).toBe(taken.body.match.roomId);
    const room = await roomState(taken.body.match.roomId);
    expect(room?.seed).toBe(taken.body.match.seed);

    // Once played, the match has had its rematch.
    const third = await rematch(ann, resultId);
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe(TEXT.rematchDone);
  });

  it("lapses after 15 s and says so; a lapsed offer can be made again", async () => {
    const game = await gameId("snake");
    const [ann, ben] = [
      await newPlayer("Lapse Ann"),
      await newPlayer("Lapse Ben"),
    ];
    const resultId = await finishedMatch(ann, ben, [3, 3], game);
    const asked = await rematch(ann, resultId);
    if (asked.body.status !== "waiting") throw new Error("expected an offer");
    await expire(asked.body.invite.code);
    const late = await accept(ben, asked.body.invite.code);
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe(TEXT.rematchLapsed);
    // Ben asking now makes a new offer of his own rather than taking the lapsed one.
    const fresh = await rematch(ben, resultId);
    expect(fresh.body.status).toBe("waiting");
  });

  it("makes one match when both ask at the same moment", async () => {
    const game = await gameId("snake");
    const [ann, ben] = [
      await newPlayer("Both Ann"),
      await newPlayer("Both Ben"),
    ];
    const resultId = await finishedMatch(ann, ben, [1, 2], game);
    const [a, b] = await Promise.all([
      rematch(ann, resultId),
      rematch(ben, resultId),
    ]);
    expect([a.body.status, b.body.status].sort()).toEqual([
      "matched",
      "waiting",
    ]);
    const rooms = await env.DB.prepare(
      "select count(*) as n from match_invites where rematch_of = ?",
    )
      .bind(resultId)
      .first<number>("n");
    expect(rooms).toBe(1);
  });

  it("is not offered for a bot match nor to someone outside the match", async () => {
    const game = await gameId("snake");
    const [ann, ben, cat] = [
      await newPlayer("Bot Ann"),
      await newPlayer("Bot Ben"),
      await newPlayer("Bot Cat"),
    ];
    const botMatch = await env.DB.prepare(
      `insert into match_results (game_id, player_one_id, player_one_score, player_two_score, bot_name)
       values (?, ?, 5, 4, 'Ghost') returning id`,
    )
      .bind(game, ann.userId)
      .first<number>("id");
    const refused = await rematch(ann, botMatch!);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(TEXT.botMatch);
    const theirs = await finishedMatch(ann, ben, [1, 0], game);
    const outsider = await rematch(cat, theirs);
    expect(outsider.status).toBe(403);
    expect(outsider.body.error.message).toBe(TEXT.notYourMatch);
  });

  it("counts the pair's wins, losses and draws across their matches and games, from each side", async () => {
    const [snake, tower] = [await gameId("snake"), await gameId("tower-stack")];
    const [ann, ben, cat] = [
      await newPlayer("Tally Ann"),
      await newPlayer("Tally Ben"),
      await newPlayer("Tally Cat"),
    ];
    await finishedMatch(ann, ben, [10, 5], snake);
    await finishedMatch(ben, ann, [8, 2], tower);
    await finishedMatch(ben, ann, [1, 9], snake);
    const last = await finishedMatch(ann, ben, [4, 4], snake);
    // Another pair's match does not count.
    await finishedMatch(ann, cat, [1, 0], snake);
    const tally = (player: Player) =>
      getJson<{ tally: PairTally | null }>(
        `/api/friend-matches/tally/${last}`,
        { headers: { Authorization: `Bearer ${player.token}` } },
      );
    expect((await tally(ann)).body.tally).toEqual({
      wins: 2,
      losses: 1,
      draws: 1,
    });
    expect((await tally(ben)).body.tally).toEqual({
      wins: 1,
      losses: 2,
      draws: 1,
    });
    expect((await tally(cat)).body.tally).toBeNull();
    const summary = await getJson<MatchSummary>(
      `/api/multiplayer/result/${last}`,
    );
    expect(summary.body.players.map((p) => p._id)).toEqual([
      ann.userId,
      ben.userId,
    ]);
  });
});
