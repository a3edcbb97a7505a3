import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaySession } from "#contract/games";
import { FAIR_PLAY_MESSAGES } from "#contract/fair-play";
import type { RoundResult } from "#contract/scores";
import type { LeaderboardEntry } from "#contract/scores";
import { deckOf, seedDealer } from "../../games/memory-match/deal";
import { rules as memoryMatch } from "../../games/memory-match/sim";
import type { Turn } from "../../games/shared/dealer";
import { encodeLog } from "../../games/shared/input-log";
import { startRound } from "../../games/shared/round";
import type { Dealer } from "../../games/shared/sim";
import { createServices } from "../../workers/context";
import {
  type Player,
  backdate,
  gameId,
  getJson,
  json,
  newPlayer,
  openPlaySession,
  recordTurns,
  request,
  scoredRound,
  seed,
  fund,
} from "./helpers";

beforeAll(seed);

/**
 * The perfect bot of the issue: it knows every card's face (here from the session's hidden seed, which no browser
 * gets: the worst a leak could allow) and turns only matching pairs, at a person's pace (a card every quarter of a
 * second), until it reaches `level`. Its log replays exactly, with the turns the server would have revealed.
 */
function perfectLog(publicSeed: number, hiddenSeed: number, level: number) {
  const turns: Turn[] = [];
  const faces = seedDealer(hiddenSeed);
  const noting: Dealer = {
    reveal(onLevel, card) {
      turns.push([onLevel, card]);
      return faces.reveal(onLevel, card);
    },
  };
  const round = startRound(memoryMatch, publicSeed, undefined, noting);
  let wait = 0;
  while ((round.sim.level ?? 1) < level && !round.sim.over) {
    const { phase, cards, cw, ch } = round.sim.view;
    if (phase === "play" && --wait <= 0) {
      const deck = deckOf(hiddenSeed, round.sim.level ?? 1);
      const open = cards.findIndex((card) => card.up && !card.matched);
      const target =
        open >= 0
          ? cards.findIndex(
              (card, i) =>
                i !== open &&
                !card.matched &&
                !card.up &&
                deck[i] === deck[open],
            )
          : cards.findIndex((card) => !card.matched && !card.up);
      if (target >= 0) {
        const card = cards[target];
        round.input.pointerDown(card.x + cw / 2, card.y + ch / 2);
        wait = 15;
      }
    }
    round.step();
  }
  return { log: encodeLog(round.log()), steps: round.steps, turns };
}

/** Submits the bot's round for a fresh session of Memory Match, its turns recorded as the server revealed them. */
async function botRound(
  player: Player,
  game: number,
): Promise<{ session: PlaySession; status: number; body: RoundResult }> {
  const session = await openPlaySession(player, game);
  const hidden = (await env.DB.prepare(
    "select hidden_seed from game_stats where id = ?",
  )
    .bind(session._id)
    .first<number>("hidden_seed"))!;
  const { log, steps, turns } = perfectLog(session.seed, hidden, 6);
  await recordTurns(session._id, turns);
  await backdate(session._id, steps / 60 + 1);
  const submitted = await getJson<RoundResult>(
    "/api/scores",
    json(
      "POST",
      {
        score: 6,
        log,
        player_id: player.userId,
        game_id: game,
        stats_id: session._id,
      },
      player.token,
    ),
  );
  return { session, ...submitted };
}

const board = async (game: number) =>
  (await getJson<LeaderboardEntry[]>(`/api/scores/${game}`)).body;

const walletOf = async (player: Player) =>
  (await env.DB.prepare("select wallet from users where id = ?")
    .bind(player.userId)
    .first<number>("wallet"))!;

/** A challenge from `from` (who has a round of 2 on Memory Match) to `to`, accepted, with 50 coins each at stake. */
async function acceptedChallenge(from: Player, to: Player, game: number) {
  for (const [a, b] of [
    [from, to],
    [to, from],
  ])
    await getJson(
      "/api/social/follow",
      json("POST", { from: a.userId, to: b.userId }, a.token),
    );
  await fund(from, 100);
  await fund(to, 100);
  await scoredRound(from, game, 2);
  const created = await getJson<{ _id: number }>(
    "/api/challenge",
    json(
      "POST",
      {
        game,
        from: from.userId,
        to: to.userId,
        bet_amount: 50,
        message: "Beat level 2",
        score: 2,
      },
      from.token,
    ),
  );
  expect(created.status).toBe(201);
  const accepted = await getJson(
    `/api/challenge/accept/${created.body._id}`,
    json("POST", {}, to.token),
  );
  expect(accepted.status).toBe(200);
  return created.body._id;
}

const challengeRow = (id: number) =>
  env.DB.prepare(
    "select status, winner_id as winner from challenges where id = ?",
  )
    .bind(id)
    .first<{ status: string; winner: number | null }>();

describe("rounds outside the fair-play model", () => {
  it("keeps a perfect bot's round but holds it off the board, shares and challenges", async () => {
    const game = await gameId("memory-match");
    const bot = await newPlayer("Perfect Pam");
    const { session, status, body } = await botRound(bot, game);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ score: 6, held: true });
    expect(body.best.rank ?? null).toBeNull();
    expect((await board(game)).map((entry) => entry.player_id)).not.toContain(
      bot.userId,
    );
    const note = await env.DB.prepare(
      "select review, review_note as note from scores where stats_id = ?",
    )
      .bind(session._id)
      .first<{ review: string; note: string }>();
    expect(note?.review).toBe("held");
    expect(note?.note).toMatch(/misses on the way to 6/);

    const share = await getJson<{ error: { message: string } }>(
      "/api/shares",
      json("POST", { score_id: body._id }, bot.token),
    );
    expect(share.status).toBe(422);
    expect(share.body.error.message).toBe(FAIR_PLAY_MESSAGES.heldShare);

    const friend = await newPlayer("Friend Fay");
    await getJson(
      "/api/social/follow",
      json("POST", { from: bot.userId, to: friend.userId }, bot.token),
    );
    await fund(bot, 100);
    const dare = await getJson<{ error: { code: string; message: string } }>(
      "/api/challenge",
      json(
        "POST",
        {
          game,
          from: bot.userId,
          to: friend.userId,
          bet_amount: 10,
          message: "Beat this",
          score: 6,
        },
        bot.token,
      ),
    );
    expect(dare.status).toBe(422);
    expect(dare.body.error.message).toBe(FAIR_PLAY_MESSAGES.heldChallenge);

    const queue = await createServices(env).fairPlay.held(200);
    expect(queue.map((round) => round.statsId)).toContain(session._id);
    // The queue reads the index of reviewed rounds, which holds no entry for the rounds nobody reviews (ADR 047).
    const plan = await env.DB.prepare(
      "explain query plan select id from scores where review = 'held' order by created_at limit 200",
    ).all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join("\n")).toMatch(
      /INDEX scores_review_idx/,
    );

    // The result page, as a reload or a browser without JavaScript reads it, says why the round is not on the board.
    const page = await request(`/result/${game}`, {
      headers: { Cookie: `pf_session=${bot.token}`, Accept: "text/html" },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(FAIR_PLAY_MESSAGES.held);
    expect(html).not.toContain("New high score");
  });

  it("leaves a held challenge round unsettled with both stakes in escrow, and settles it when released", async () => {
    const game = await gameId("memory-match");
    const [from, to] = [
      await newPlayer("Dare Dora"),
      await newPlayer("Bot Bo"),
    ];
    const id = await acceptedChallenge(from, to, game);
    const { session, body } = await botRound(to, game);
    expect(body.held).toBe(true);
    expect(body.challenge).toBeNull();
    expect(await challengeRow(id)).toMatchObject({ status: "accepted" });
    expect([await walletOf(from), await walletOf(to)]).toEqual([50, 50]);

    const { fairPlay } = createServices(env);
    await fairPlay.release(session._id);
    expect(await challengeRow(id)).toMatchObject({
      status: "settled",
      winner: to.userId,
    });
    expect([await walletOf(from), await walletOf(to)]).toEqual([50, 150]);
    expect((await board(game)).map((entry) => entry.player_id)).toContain(
      to.userId,
    );
    // A second review of the same round moves nothing.
    await expect(fairPlay.release(session._id)).rejects.toMatchObject({
      status: 409,
    });
    await expect(fairPlay.remove(session._id)).rejects.toMatchObject({
      status: 409,
    });
    expect([await walletOf(from), await walletOf(to)]).toEqual([50, 150]);
  });

  it("settles a removed round's challenge as a round of 0 and never puts it on the board", async () => {
    const game = await gameId("memory-match");
    const [from, to] = [
      await newPlayer("Fair Fran"),
      await newPlayer("Bot Bex"),
    ];
    const id = await acceptedChallenge(from, to, game);
    const { session } = await botRound(to, game);
    await createServices(env).fairPlay.remove(session._id);
    expect(await challengeRow(id)).toMatchObject({
      status: "settled",
      winner: from.userId,
    });
    expect([await walletOf(from), await walletOf(to)]).toEqual([150, 50]);
    expect((await board(game)).map((entry) => entry.player_id)).not.toContain(
      to.userId,
    );
    const review = await env.DB.prepare(
      "select review from scores where stats_id = ?",
    )
      .bind(session._id)
      .first<string>("review");
    expect(review).toBe("removed");
  });
});
