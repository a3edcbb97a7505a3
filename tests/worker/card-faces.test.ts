import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { RUN_MESSAGES } from "#contract/runs";
import type { RoundResult } from "#contract/scores";
import type { ApiErrorBody } from "#contract/types";
import { deckOf, seedDealer } from "../../games/memory-match/deal";
import { rules } from "../../games/memory-match/sim";
import type { Turn } from "../../games/shared/dealer";
import { encodeLog } from "../../games/shared/input-log";
import { startRound } from "../../games/shared/round";
import type { Dealer } from "../../games/shared/sim";
import {
  backdate,
  gameId,
  getJson,
  from,
  json,
  newPlayer,
  openPlaySession,
  revealTurns,
  seed,
  testAddress,
  type Player,
} from "./helpers";
import type { VisitorRound } from "#contract/visitor-rounds";
import { roomOf } from "../../workers/durable-objects/hubs";

beforeAll(seed);

const reveal = (
  player: Player,
  statsId: number,
  body: Record<string, unknown>,
) =>
  getJson<{ face: number } & ApiErrorBody>(
    `/api/gamestats/${statsId}/reveal`,
    json("POST", body, player.token),
  );

const hiddenSeedOf = async (statsId: number) =>
  (await env.DB.prepare("select hidden_seed from game_stats where id = ?")
    .bind(statsId)
    .first<number>("hidden_seed"))!;

const writtenFor = async (statsId: number) =>
  env.DB.prepare(
    "select (select count(*) from scores where stats_id = ?1) + (select count(*) from player_moves where stats_id = ?1) as n",
  )
    .bind(statsId)
    .first<number>("n");

/**
 * The demo player's round from the session's own seeds: what a person's browser would play if it had been dealt these
 * faces, and the turns it made, in order.
 */
function demoRound(publicSeed: number, hiddenSeed: number, levels: number) {
  const turns: Turn[] = [];
  const faces = seedDealer(hiddenSeed);
  const noting: Dealer = {
    reveal(level, card) {
      turns.push([level, card]);
      return faces.reveal(level, card);
    },
  };
  const round = startRound(rules, publicSeed, undefined, noting);
  while ((round.sim.level ?? 1) <= levels && !round.sim.over)
    round.step({ autoplay: true });
  return { log: encodeLog(round.log()), steps: round.steps, round, turns };
}

async function memorySession(player: Player) {
  const session = await openPlaySession(player, await gameId("memory-match"));
  return { session, hidden: await hiddenSeedOf(session._id) };
}

const submit = (
  player: Player,
  session: { _id: number; game_id: number },
  score: number,
  log: string,
) =>
  getJson<RoundResult & ApiErrorBody>(
    "/api/scores",
    json(
      "POST",
      {
        player_id: player.userId,
        game_id: session.game_id,
        stats_id: session._id,
        score,
        log,
      },
      player.token,
    ),
  );

describe("Memory Match's faces dealt by the server", () => {
  it("never answers the hidden seed, and reveals a card's face only as a turn the rules allow now", async () => {
    const player = await newPlayer("Turner");
    const { session, hidden } = await memorySession(player);
    expect(hidden).toEqual(expect.any(Number));
    expect(JSON.stringify(session)).not.toContain(`${hidden}`);
    const deck = deckOf(hidden, 1);
    const first = await reveal(player, session._id, {
      turn: 0,
      level: 1,
      card: 0,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ face: deck[0] });

    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ["the same card again", { turn: 1, level: 1, card: 0 }, "already face"],
      ["a card off the board", { turn: 1, level: 1, card: 6 }, "no such card"],
      ["a later level", { turn: 1, level: 2, card: 0 }, "on level 1, not 2"],
      ["a turn skipped", { turn: 5, level: 1, card: 1 }, "at turn 1, not 5"],
      ["an earlier turn", { turn: 0, level: 1, card: 3 }, "another card"],
    ];
    for (const [what, body, message] of refusals) {
      const answer = await reveal(player, session._id, body);
      expect(answer.status, what).toBe(409);
      expect(answer.body.error.message, what).toContain(message);
    }
    // The same turn asked again (an answer lost on the way) is answered again and recorded once.
    expect(
      (await reveal(player, session._id, { turn: 0, level: 1, card: 0 })).body,
    ).toEqual({ face: deck[0] });
    const second = await reveal(player, session._id, {
      turn: 1,
      level: 1,
      card: 1,
    });
    expect(second.body).toEqual({ face: deck[1] });

    for (const body of [
      { turn: 2, level: 1, card: "2" },
      { turn: 2, level: 1, card: 1e9 },
      { turn: -1, level: 1, card: 2 },
      { turn: 2, level: 1 },
    ]) {
      const answer = await reveal(player, session._id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("reveals nothing to another player, after the session ends, or for a game without hidden cards", async () => {
    const [owner, other] = [await newPlayer("Owner"), await newPlayer("Peer")];
    const { session } = await memorySession(owner);
    const body = { turn: 0, level: 1, card: 0 };
    expect((await reveal(other, session._id, body)).status).toBe(403);
    expect(
      (
        await getJson(
          `/api/gamestats/${session._id}/reveal`,
          json("POST", body),
        )
      ).status,
    ).toBe(401);
    await backdate(session._id, 180 + 16);
    expect((await reveal(owner, session._id, body)).status).toBe(409);

    const ended = await memorySession(owner);
    await getJson(
      `/api/gamestats/${ended.session._id}`,
      json("PUT", { play_time: 3 }, owner.token),
    );
    const closed = await reveal(owner, ended.session._id, body);
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe(
      "This play session is over; start a new game",
    );

    const snake = await openPlaySession(owner, await gameId("snake"));
    const none = await reveal(owner, snake._id, body);
    expect(none.status).toBe(422);
  });

  it("records one of two racing turns of the same number, and answers a racing repeat with the same face", async () => {
    const player = await newPlayer("Racer");
    const { session, hidden } = await memorySession(player);
    const answers = await Promise.all(
      [0, 1, 2].map((card) =>
        reveal(player, session._id, { turn: 0, level: 1, card }),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(2);
    const card = deckOf(hidden, 1).indexOf(won[0].body.face);
    expect(card).toBeGreaterThanOrEqual(0);
    const next = await reveal(player, session._id, {
      turn: 1,
      level: 1,
      card: 5,
    });
    expect(next.status).toBe(200);
  });

  it("scores an honest round whose every turn was revealed in order", async () => {
    const player = await newPlayer("Honest Turner");
    const { session, hidden } = await memorySession(player);
    const played = demoRound(session.seed, hidden, 3);
    expect(await revealTurns(player, session._id, played.turns)).toBe(
      played.turns.length,
    );
    await backdate(session._id, played.steps / 60 + 1);
    const { status, body } = await submit(
      player,
      session,
      played.round.sim.level!,
      played.log,
    );
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.score).toBe(4);
    // Once scored, the run to watch carries the hidden seed: its faces can be drawn, and no longer played.
    const runId = await env.DB.prepare(
      "select public_id from player_moves where stats_id = ?",
    )
      .bind(session._id)
      .first<string>("public_id");
    const run = await getJson<{ hidden_seed: number }>(`/api/runs/${runId}`);
    expect(run.body.hidden_seed).toBe(hidden);
  });

  it("refuses a bot's round that turns other cards than the server revealed, or was never revealed at all", async () => {
    const bot = await newPlayer("Peeking Bot");
    // The bot asks for faces it never turns in its round: every card of level 1 before it plays.
    const { session, hidden } = await memorySession(bot);
    const played = demoRound(session.seed, hidden, 3);
    const peeks: Turn[] = [0, 1, 2, 3, 4, 5].map((card) => [1, card]);
    const dealt = await revealTurns(bot, session._id, [
      ...peeks,
      ...played.turns,
    ]);
    // Every peek was answered: faces of cards its round never turns.
    expect(dealt).toBeGreaterThanOrEqual(6);
    await backdate(session._id, played.steps / 60 + 1);
    const peeked = await submit(bot, session, 4, played.log);
    expect(peeked.status).toBe(422);
    expect(peeked.body.error.message).toBe(RUN_MESSAGES.mismatch);
    expect(await writtenFor(session._id)).toBe(0);

    // A round played from faces it read elsewhere (the hidden seed) without asking for them.
    const silent = await memorySession(bot);
    const perfect = demoRound(silent.session.seed, silent.hidden, 3);
    await backdate(silent.session._id, perfect.steps / 60 + 1);
    const unasked = await submit(bot, silent.session, 4, perfect.log);
    expect(unasked.status).toBe(422);
    expect(unasked.body.error.message).toBe(RUN_MESSAGES.mismatch);

    // The faces of the public seed (what the browser held before) do not make a round either.
    const old = await memorySession(bot);
    const fromPublic = demoRound(old.session.seed, old.session.seed, 3);
    await revealTurns(bot, old.session._id, fromPublic.turns);
    await backdate(old.session._id, fromPublic.steps / 60 + 1);
    const guessed = await submit(bot, old.session, 4, fromPublic.log);
    expect(guessed.status).toBe(422);
    expect(await writtenFor(old.session._id)).toBe(0);
  }, 30_000);

  it("deals a visitor's round its faces the same way, with its token, and keeps only a round played with them", async () => {
    const address = testAddress();
    const begin = async () => {
      const { status, body } = await getJson<VisitorRound>(
        "/api/visitor-rounds",
        from(address, json("POST", { game_id: await gameId("memory-match") })),
      );
      expect(status).toBe(201);
      const hidden = (await env.DB.prepare(
        "select hidden_seed from visitor_rounds where id = ?",
      )
        .bind(body.id)
        .first<number>("hidden_seed"))!;
      expect(JSON.stringify(body)).not.toContain(`${hidden}`);
      return { round: body, hidden };
    };
    const revealAs = (round: VisitorRound, body: Record<string, unknown>) =>
      getJson<{ face: number } & ApiErrorBody>(
        `/api/visitor-rounds/${round.id}/reveal`,
        json("POST", body),
      );
    const playAndKeep = async (
      round: VisitorRound,
      played: ReturnType<typeof demoRound>,
    ) => {
      await env.DB.prepare(
        "update visitor_rounds set created_at = created_at - ? where id = ?",
      )
        .bind(Math.ceil((played.steps / 60 + 1) * 1000), round.id)
        .run();
      const finished = await getJson(
        `/api/visitor-rounds/${round.id}`,
        json("PUT", {
          token: round.token,
          score: played.round.sim.level,
          log: played.log,
          play_time: Math.ceil(played.steps / 60),
        }),
      );
      expect(finished.status).toBe(200);
      return getJson<ApiErrorBody>(
        `/api/visitor-rounds/${round.id}/claim`,
        json("POST", { token: round.token }, (await newPlayer("Kept")).token),
      );
    };

    const honest = await begin();
    const stranger = await revealAs(honest.round, {
      token: "A".repeat(43),
      turn: 0,
      level: 1,
      card: 0,
    });
    expect(stranger.status).toBe(404);
    const played = demoRound(honest.round.seed, honest.hidden, 2);
    for (const [turn, [level, card]] of played.turns.entries()) {
      const answer = await revealAs(honest.round, {
        token: honest.round.token,
        turn,
        level,
        card,
      });
      expect(answer.body).toEqual({
        face: deckOf(honest.hidden, level)[card],
      });
    }
    const kept = await playAndKeep(honest.round, played);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ score: 3 });

    const bot = await begin();
    const unasked = await playAndKeep(
      bot.round,
      demoRound(bot.round.seed, bot.hidden, 2),
    );
    expect(unasked.status).toBe(422);
    expect(unasked.body.error.message).toBe(RUN_MESSAGES.mismatch);
  }, 30_000);

  it("deals each of a match's two players their own hidden faces, so neither can turn cards for the other", async () => {
    const game = await gameId("memory-match");
    const [ann, bob] = [
      await newPlayer("Match Ann"),
      await newPlayer("Match Bob"),
    ];
    const roomId = `faces-${Date.now()}`;
    await roomOf(env, roomId).start({
      roomId,
      gameId: game,
      seed: 4242,
      participants: [ann, bob].map((player) => ({
        user_id: player.userId,
        user_name: player.name,
        profile_pic: null,
        room_id: roomId,
      })),
    });
    const open = (player: Player) =>
      openPlaySession(player, game, { game_type: 1, room_id: roomId });
    const [annSession, bobSession] = [await open(ann), await open(bob)];
    expect(annSession.seed).toBe(bobSession.seed);
    const hidden = await hiddenSeedOf(annSession._id);
    expect(await hiddenSeedOf(bobSession._id)).not.toBe(hidden);

    // Bob turns every card of his level 1 (an accomplice's exploring); Ann's faces are not his.
    const bobFaces: number[] = [];
    for (let card = 0; card < 6; card++) {
      const answer = await reveal(bob, bobSession._id, {
        turn: card,
        level: 1,
        card,
      });
      if (answer.status === 200) bobFaces.push(answer.body.face);
    }
    expect(bobFaces).toEqual(deckOf(await hiddenSeedOf(bobSession._id), 1));
    const played = demoRound(annSession.seed, hidden, 2);
    await revealTurns(ann, annSession._id, played.turns);
    await backdate(annSession._id, played.steps / 60 + 1);
    const scored = await submit(ann, annSession, 3, played.log);
    expect(scored.status, JSON.stringify(scored.body)).toBe(201);
  }, 30_000);

  it("limits how many cards one player may ask to turn in a minute, refused turns included", async () => {
    const player = await newPlayer("Flood Flo");
    const { session } = await memorySession(player);
    const minute = 60_000;
    // The limit's counter one short of full, as after 299 turns this minute.
    await env.DB.prepare(
      "insert into rate_limits (key, window_ends_at, count) values (?, ?, ?)",
    )
      .bind(
        `revealPerUser:${player.userId}`,
        (Math.floor(Date.now() / minute) + 1) * minute,
        299,
      )
      .run();
    const last = await reveal(player, session._id, {
      turn: 5,
      level: 1,
      card: 0,
    });
    expect(last.status).toBe(409);
    const over = await reveal(player, session._id, {
      turn: 0,
      level: 1,
      card: 0,
    });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toMatch(/^Too many cards turned\. /);
  });
});
