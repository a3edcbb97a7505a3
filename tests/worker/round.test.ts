import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChallengeView } from "#contract/coins";
import { CHALLENGE_ROUND_MESSAGE } from "#contract/runs";
import type { RoundResult } from "#contract/scores";
import type { ApiErrorBody, MatchSummary } from "#contract/types";
import type { PlaySession } from "#contract/games";
import {
  gameId,
  getJson,
  json,
  newPlayer,
  openPlaySession,
  roundBody,
  scoredRound,
  seed,
  type Player,
  fund,
} from "./helpers";

beforeAll(seed);

const walletOf = async (player: Player) =>
  (await env.DB.prepare("select wallet from users where id = ?")
    .bind(player.userId)
    .first<number>("wallet"))!;

/** A play session of `game`, with the seed the server dealt it. */
const openSession = (player: Player, game: number) =>
  openPlaySession(player, game);

/** The one request that ends a round: a real input log of the session's game that replays to `score`. */
const endRound = async (
  player: Player,
  round: { session: PlaySession; score: number } & Record<string, unknown>,
) => {
  const { session, score, ...rest } = round;
  return getJson<RoundResult & ApiErrorBody>(
    "/api/scores",
    json(
      "POST",
      {
        ...(await roundBody(player, session, score)),
        play_time: 25,
        ...rest,
      },
      player.token,
    ),
  );
};

/** Everything a round writes for its session, and the coins a challenge moved. */
async function written(stats: number, challengeId?: number) {
  const count = (query: string, value: number | string) =>
    env.DB.prepare(query).bind(value).first<number>("n");
  return {
    scores: await count(
      "select count(*) as n from scores where stats_id = ?",
      stats,
    ),
    moves: await count(
      "select count(*) as n from player_moves where stats_id = ?",
      stats,
    ),
    matches: await count(
      "select count(*) as n from match_results where stats_id = ?",
      stats,
    ),
    scored: await count(
      "select count(*) as n from game_stats where id = ? and scored_at is not null",
      stats,
    ),
    ledger:
      challengeId === undefined
        ? 0
        : await count(
            "select count(*) as n from ledger where reference like ?",
            `challenge:${challengeId}:%`,
          ),
  };
}

/** An accepted challenge: `from` bet 50 on their score of 20, `to` accepted a minute ago. */
async function acceptedChallenge(names: [string, string]) {
  const [from, to] = [await newPlayer(names[0]), await newPlayer(names[1])];
  const game = await gameId("snake");
  await getJson(
    "/api/social/follow",
    json("POST", { from: from.userId, to: to.userId }, from.token),
  );
  await fund(from, 500);
  await fund(to, 500);
  await scoredRound(from, game, 20);
  const created = await getJson<ChallengeView>(
    "/api/challenge",
    json(
      "POST",
      {
        game,
        from: from.userId,
        to: to.userId,
        bet_amount: 50,
        message: "Beat 20!",
        score: 20,
      },
      from.token,
    ),
  );
  expect(created.status).toBe(201);
  const id = created.body._id;
  return { from, to, game, id };
}

async function accept(player: Player, id: number) {
  const accepted = await getJson(
    `/api/challenge/accept/${id}`,
    json("POST", {}, player.token),
  );
  expect(accepted.status).toBe(200);
  // The round's session below began 30 s ago: the acceptance came before it.
  await env.DB.prepare(
    "update challenges set accepted_at = accepted_at - 60000 where id = ?",
  )
    .bind(id)
    .run();
}

describe("a round ends in one request", () => {
  it("stores the score, its moves and play time and settles the challenge in one fetch; a repeat changes nothing", async () => {
    const { from, to, game, id } = await acceptedChallenge([
      "Round Rita",
      "Round Rob",
    ]);
    await accept(to, id);
    expect([await walletOf(from), await walletOf(to)]).toEqual([450, 450]);
    const session = await openSession(to, game);
    const stats = session._id;

    const round = { session, score: 30, challenge_id: id };
    const ended = await endRound(to, round);
    expect(ended.status).toBe(201);
    expect(ended.body).toMatchObject({
      score: 30,
      stats_id: stats,
      play_time: 25,
      best: { score: 30, rank: expect.any(Number) as number },
      match_id: null,
      challenge: {
        outcome: "won",
        won_coins: 50,
        wallet: 550,
        challenge: { _id: id, status: "settled", acceptor_score: 30 },
      },
    });
    expect(await written(stats, id)).toEqual({
      scores: 1,
      moves: 1,
      matches: 0,
      scored: 1,
      // The two stakes and the one payout.
      ledger: 3,
    });
    expect(
      await env.DB.prepare(
        "select play_time, ended_at is not null as ended from game_stats where id = ?",
      )
        .bind(stats)
        .first(),
    ).toEqual({ play_time: 25, ended: 1 });
    expect(
      (
        await getJson(
          `/api/gamestats/${stats}`,
          json("PUT", { play_time: 40 }, to.token),
        )
      ).status,
    ).toBe(409);
    // Written through the challenge's raw batch, the rows read back like any other round's.
    expect(
      await env.DB.prepare(
        "select m.moves, typeof(s.created_at) as at from player_moves m join scores s on s.stats_id = m.stats_id where m.stats_id = ?",
      )
        .bind(stats)
        .first(),
    ).toEqual({ moves: expect.any(String) as string, at: "integer" });
    expect([await walletOf(from), await walletOf(to)]).toEqual([450, 550]);

    const again = await endRound(to, round);
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(
      "This play session already has a score",
    );
    expect(await written(stats, id)).toMatchObject({ scores: 1, ledger: 3 });
    expect([await walletOf(from), await walletOf(to)]).toEqual([450, 550]);
  });

  it("lets one of two racing requests for a challenge round in, and pays once", async () => {
    const { from, to, game, id } = await acceptedChallenge([
      "Race Rhea",
      "Race Rory",
    ]);
    await accept(to, id);
    const session = await openSession(to, game);
    const stats = session._id;
    const round = { session, score: 10, challenge_id: id };
    const results = await Promise.all([
      endRound(to, round),
      endRound(to, round),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 422]);
    expect(await written(stats, id)).toMatchObject({ scores: 1, ledger: 3 });
    // The challenger's 20 beats 10: both stakes go to them, once.
    expect([await walletOf(from), await walletOf(to)]).toEqual([550, 450]);
  });

  it("settles a challenge with the first round after accepting: a lost one stays lost, a later round changes nothing", async () => {
    const { from, to, game, id } = await acceptedChallenge([
      "Rule Rosa",
      "Rule Remy",
    ]);
    await accept(to, id);
    // The first session opened after accepting is the challenge's round, whether or not the client names it.
    const first = await openSession(to, game);
    expect(first.challenge_id).toBe(id);
    const lost = await endRound(to, { session: first, score: 3 });
    expect(lost.status).toBe(201);
    expect(lost.body.challenge).toMatchObject({
      outcome: "lost",
      challenge: { _id: id, status: "settled", acceptor_score: 3 },
    });
    expect([await walletOf(from), await walletOf(to)]).toEqual([550, 450]);

    const second = await openSession(to, game);
    expect(second.challenge_id).toBeNull();
    const later = await endRound(to, {
      session: second,
      score: 25,
      challenge_id: id,
    });
    expect(later.status).toBe(201);
    expect(later.body.challenge).toMatchObject({
      outcome: "lost",
      challenge: { status: "settled", acceptor_score: 3 },
    });
    expect([await walletOf(from), await walletOf(to)]).toEqual([550, 450]);
  });

  it("does not let a better later round stand in for an abandoned first one, which counts as 0 once it ends", async () => {
    const { from, to, game, id } = await acceptedChallenge([
      "Retry Rae",
      "Retry Ron",
    ]);
    await accept(to, id);
    const abandoned = await openSession(to, game);
    const retry = await openSession(to, game);
    const refused = await endRound(to, {
      session: retry,
      score: 25,
      challenge_id: id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(CHALLENGE_ROUND_MESSAGE);
    expect(await written(retry._id, id)).toMatchObject({
      scores: 0,
      ledger: 2,
    });
    expect([await walletOf(from), await walletOf(to)]).toEqual([450, 450]);

    // The abandoned round's session ends without a score: the challenge settles with 0.
    const ended = await getJson(
      `/api/gamestats/${abandoned._id}`,
      json("PUT", { play_time: 12 }, to.token),
    );
    expect(ended.status).toBe(200);
    const challenge = await getJson<ChallengeView>(`/api/challenge/${id}`, {
      headers: { Authorization: `Bearer ${to.token}` },
    });
    expect(challenge.body).toMatchObject({
      status: "settled",
      acceptor_score: 0,
    });
    expect([await walletOf(from), await walletOf(to)]).toEqual([550, 450]);
  });

  it("records a round against a bot and answers the match to show", async () => {
    const [runner, player] = [
      await newPlayer("Bot Source"),
      await newPlayer("Bot Player"),
    ];
    const game = await gameId("snake");
    const runStats = await scoredRound(runner, game, 12);
    const run = (await env.DB.prepare(
      "select id from player_moves where stats_id = ?",
    )
      .bind(runStats)
      .first<number>("id"))!;
    const session = await openSession(player, game);
    const stats = session._id;
    const ended = await endRound(player, {
      session,
      score: 16,
      bot_id: run,
    });
    expect(ended.status).toBe(201);
    expect(ended.body.match_id).toEqual(expect.any(Number));
    const summary = await getJson<MatchSummary>(
      `/api/multiplayer/result/${ended.body.match_id}`,
    );
    expect(summary.body.players.map((one) => one.score)).toEqual([16, 12]);
    // Both runs were kept, to be watched: the player's round and the recorded run the ghost replayed.
    const runIds = await Promise.all(
      [stats, runStats].map((id) =>
        env.DB.prepare("select public_id from player_moves where stats_id = ?")
          .bind(id)
          .first<string>("public_id"),
      ),
    );
    expect(summary.body.players.map((one) => one.run_id)).toEqual(runIds);
    expect(runIds.every((id) => id !== null)).toBe(true);
    expect(await written(stats)).toMatchObject({ scores: 1, matches: 1 });
  });

  it("refuses a foreign or mismatched challenge or bot with a 4xx and writes nothing", async () => {
    const { from, to, game, id } = await acceptedChallenge([
      "Guard Gina",
      "Guard Gus",
    ]);
    const outsider = await newPlayer("Guard Outsider");
    const otherGame = await gameId("mole-mash");

    const refused = async (
      player: Player,
      round: { game: number; score: number } & Record<string, unknown>,
      status: number,
      message: string,
    ) => {
      const { game: roundGame, ...rest } = round;
      const session = await openSession(player, roundGame);
      const stats = session._id;
      const { ledger } = await written(stats, id);
      const answer = await endRound(player, { ...rest, session });
      expect(answer.status, message).toBe(status);
      expect(answer.body.error.message).toBe(message);
      expect(await written(stats, id)).toEqual({
        scores: 0,
        moves: 0,
        matches: 0,
        scored: 0,
        ledger,
      });
    };

    await refused(
      to,
      { game, score: 30, challenge_id: id },
      409,
      "Accept the challenge before playing it",
    );
    await accept(to, id);
    await refused(
      outsider,
      { game, score: 30, challenge_id: id },
      404,
      "Challenge not found",
    );
    await refused(
      from,
      { game, score: 30, challenge_id: id },
      403,
      "Only the challenged player submits a score for this challenge",
    );
    await refused(
      to,
      { game: otherGame, score: 29, challenge_id: id },
      422,
      "This challenge is for another game",
    );
    await refused(
      to,
      { game, score: 30, challenge_id: 999_999 },
      404,
      "Challenge not found",
    );
    const ownRun = (await env.DB.prepare(
      "select id from player_moves where user_id = ?",
    )
      .bind(from.userId)
      .first<number>("id"))!;
    await refused(
      from,
      { game, score: 30, bot_id: ownRun },
      422,
      "That bot did not play this game",
    );
    await refused(
      to,
      { game: otherGame, score: 29, bot_id: ownRun },
      422,
      "That bot did not play this game",
    );
    await refused(
      to,
      { game, score: 30, challenge_id: id, bot_id: ownRun },
      400,
      "A round is played for a challenge or against a bot, not both",
    );
    // Nothing moved: the accepted challenge still waits for its round.
    expect([await walletOf(from), await walletOf(to)]).toEqual([450, 450]);
    const challenge = await getJson<ChallengeView>(`/api/challenge/${id}`, {
      headers: { Authorization: `Bearer ${to.token}` },
    });
    expect(challenge.body.status).toBe("accepted");
  });
});
