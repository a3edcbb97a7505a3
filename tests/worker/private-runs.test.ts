import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChallengeView } from "#contract/coins";
import type { MatchInviteView, MatchStart } from "#contract/friend-matches";
import { RUN_ID_PATTERN, type RunView } from "#contract/runs";
import type { LeaderboardEntry } from "#contract/scores";
import type { ApiErrorBody } from "#contract/types";
import {
  gameId,
  getJson,
  json,
  makeFriends,
  newPlayer,
  request,
  scoredRound,
  seed,
  type Player,
  fund,
} from "./helpers";

beforeAll(seed);

const runIdOf = async (statsId: number) =>
  (await env.DB.prepare("select public_id from player_moves where stats_id = ?")
    .bind(statsId)
    .first<string>("public_id"))!;

const watch = (runId: string | number, viewer?: Player) =>
  getJson<RunView & ApiErrorBody>(
    `/api/runs/${runId}`,
    json("GET", undefined, viewer?.token),
  );

const boardEntry = async (game: number, player: Player) =>
  (await getJson<LeaderboardEntry[]>(`/api/scores/${game}`)).body.find(
    (entry) => entry.player_id === player.userId,
  );

/** Status of the watch page for `viewer` (a visitor without one). */
const watchPage = async (runId: string | number, viewer?: Player) =>
  (
    await request(`/watch/${runId}`, {
      headers: viewer ? { Authorization: `Bearer ${viewer.token}` } : {},
    })
  ).status;

describe("kept runs", () => {
  it("are addressed by a random public id; the sequential session id answers 404", async () => {
    const player = await newPlayer("Public Pia");
    const game = await gameId("snake");
    const stats = await scoredRound(player, game, 9);
    const runId = await runIdOf(stats);
    expect(runId).toMatch(RUN_ID_PATTERN);
    expect(runId.length).toBeGreaterThanOrEqual(22);
    expect(await runIdOf(await scoredRound(player, game, 8))).not.toBe(runId);

    const run = await watch(runId);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      run_id: runId,
      player_id: player.userId,
      score: 9,
    });
    expect(await boardEntry(game, player)).toMatchObject({
      run_id: runId,
      verified: true,
    });
    expect(await watchPage(runId)).toBe(200);

    for (const guess of [
      stats,
      "999999",
      "AAAAAAAAAAAAAAAAAAAAAA",
      "x".repeat(40),
    ]) {
      const answer = await watch(guess);
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("This run was not kept");
    }
    expect(await watchPage(stats)).toBe(404);
  });

  it("of a private match are shown only to its two players", async () => {
    const game = await gameId("tower-stack");
    const [ann, ben, eve] = [
      await newPlayer("Private Ann"),
      await newPlayer("Private Ben"),
      await newPlayer("Private Eve"),
    ];
    await makeFriends(ann, ben);
    const made = await getJson<MatchInviteView>(
      "/api/friend-matches",
      json("POST", { gameId: game, friendId: ben.userId }, ann.token),
    );
    const match = await getJson<MatchStart>(
      `/api/friend-matches/${made.body.code}/accept`,
      json("POST", {}, ben.token),
    );
    expect(match.status).toBe(200);
    const runId = await runIdOf(
      await scoredRound(ann, game, 3, 1, match.body.roomId),
    );

    expect((await watch(runId, ann)).status).toBe(200);
    expect((await watch(runId, ben)).status).toBe(200);
    expect((await watch(runId, eve)).status).toBe(404);
    expect((await watch(runId)).status).toBe(404);
    expect(await watchPage(runId, ben)).toBe(200);
    expect(await watchPage(runId, eve)).toBe(404);
    expect(await watchPage(runId)).toBe(404);
    // The board keeps the score but links no run that most of its readers may not watch.
    expect(await boardEntry(game, ann)).toMatchObject({
      score: 3,
      run_id: null,
      verified: true,
    });
    // Nor is it anyone's bot: the only run of the game is private, so a lone player gets no ghost.
    const bot = await getJson<{ _id: number | null }>(
      `/api/player-move/${game}`,
      json("GET", undefined, eve.token),
    );
    expect(bot.status).toBe(200);
    expect(bot.body._id).toBeNull();
  });

  it("of a challenge's round are shown only to the challenge's two players", async () => {
    const game = await gameId("snake");
    const [from, to, eve] = [
      await newPlayer("Dare Dan"),
      await newPlayer("Dare Dot"),
      await newPlayer("Dare Eve"),
    ];
    await makeFriends(from, to);
    for (const player of [from, to]) await fund(player, 500);
    const challengerRun = await runIdOf(await scoredRound(from, game, 20));
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
    expect(
      (await getJson(`/api/challenge/accept/${id}`, json("POST", {}, to.token)))
        .status,
    ).toBe(200);
    await env.DB.prepare(
      "update challenges set accepted_at = accepted_at - 60000 where id = ?",
    )
      .bind(id)
      .run();
    const roundStats = await scoredRound(to, game, 12);
    expect(
      await env.DB.prepare("select round_stats_id from challenges where id = ?")
        .bind(id)
        .first<number>("round_stats_id"),
    ).toBe(roundStats);
    const roundRun = await runIdOf(roundStats);

    expect((await watch(roundRun, to)).status).toBe(200);
    expect((await watch(roundRun, from)).status).toBe(200);
    expect((await watch(roundRun, eve)).status).toBe(404);
    expect((await watch(roundRun)).status).toBe(404);
    expect(await boardEntry(game, to)).toMatchObject({
      score: 12,
      run_id: null,
    });
    // The challenger's own earlier round was an ordinary one: public.
    expect((await watch(challengerRun, eve)).status).toBe(200);
  });
});
