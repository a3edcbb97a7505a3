import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contract/types";
import { MAX_LOG_CHARS, RUN_MESSAGES } from "#contract/runs";
import { decodeLog, encodeLog } from "../../games/shared/input-log";
import {
  REPLAYS_PER_SESSION,
  SCORE_SUBMISSIONS_PER_MINUTE,
} from "../../workers/services/round-rules";
import { withinRefereeTime } from "../../workers/services/replay";
import {
  externalGame,
  from,
  getJson,
  json,
  openPlaySession,
  roundBody,
  seed,
  testAddress,
  validSignUp,
  roomInWindow,
} from "./helpers";

beforeAll(seed);

interface Player {
  token: string;
  userId: number;
  name: string;
}
interface Entry {
  rank: number;
  player_id: number;
  player_name: string[];
  score: number;
}

const gameId = async (slug: string) =>
  (await env.DB.prepare("select id from games where slug = ?")
    .bind(slug)
    .first<number>("id"))!;

/** A fresh player per test, so one test's submissions never count against another's rate limit. */
async function newPlayer(name = "Nora Quinn"): Promise<Player> {
  const { status, body } = await getJson<{
    user: { _id: number };
    token: string;
  }>("/api/user", from(testAddress(), json("POST", validSignUp({ name }))));
  expect(status).toBe(201);
  return { token: body.token, userId: body.user._id, name };
}

/** Opens a play session (POST /api/gamestats) that began `secondsAgo` seconds ago. */
async function openSession(
  player: Player,
  game: number,
  secondsAgo = 30,
): Promise<number> {
  const { status, body } = await getJson<{ _id: number }>(
    "/api/gamestats",
    json("POST", { game_id: game, game_type: 0 }, player.token),
  );
  expect(status).toBe(201);
  await env.DB.prepare(
    "update game_stats set created_at = created_at - ? where id = ?",
  )
    .bind(secondsAgo * 1000, body._id)
    .run();
  return body._id;
}

/** A plausible timeline ending at `score` within the last `seconds` seconds. */
const timeline = (score: number, seconds = 20) => [
  { time: 0, score: 0 },
  { time: Math.round((seconds * 1000) / 2), score: Math.floor(score / 2) },
  { time: seconds * 1000, score },
];

const submit = (player: Player, body: Record<string, unknown>) =>
  getJson<ApiErrorBody & { _id: number }>(
    "/api/scores",
    json("POST", body, player.token),
  );

const leaderboard = async (game: number) =>
  (await getJson<Entry[]>(`/api/scores/${game}`)).body;

describe("POST /api/gamestats and PUT /api/gamestats/{id}", () => {
  it("opens a session for a signed-in player only, for a real game and game type", async () => {
    const game = await gameId("snake");
    expect(
      (
        await getJson(
          "/api/gamestats",
          json("POST", { game_id: game, game_type: 0 }),
        )
      ).status,
    ).toBe(401);
    const player = await newPlayer();
    const opened = await getJson<{
      _id: number;
      game_id: number;
      game_type: number;
    }>(
      "/api/gamestats",
      json("POST", { game_id: game, game_type: 2 }, player.token),
    );
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ game_id: game, game_type: 2 });
    expect(opened.body._id).toBeGreaterThan(0);

    const unknown = await getJson<ApiErrorBody>(
      "/api/gamestats",
      json("POST", { game_id: 99999, game_type: 0 }, player.token),
    );
    expect(unknown.status).toBe(404);
    const badType = await getJson<ApiErrorBody>(
      "/api/gamestats",
      json("POST", { game_id: game, game_type: 7 }, player.token),
    );
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toBe("game_type must be 0, 1 or 2");
  });

  it("writes the play time once, never more than the time the server saw, and only for the owner", async () => {
    const game = await gameId("snake");
    const [owner, other] = [await newPlayer(), await newPlayer()];
    const id = await openSession(owner, game, 40);
    expect(
      (
        await getJson(
          `/api/gamestats/${id}`,
          json("PUT", { play_time: 30 }, other.token),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await getJson(
          `/api/gamestats/${id}`,
          json("PUT", { play_time: -1 }, owner.token),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await getJson(
          `/api/gamestats/abc`,
          json("PUT", { play_time: 1 }, owner.token),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await getJson(
          `/api/gamestats/99999`,
          json("PUT", { play_time: 1 }, owner.token),
        )
      ).status,
    ).toBe(404);

    const ended = await getJson<{ play_time: number }>(
      `/api/gamestats/${id}`,
      json("PUT", { play_time: 5000 }, owner.token),
    );
    expect(ended.status).toBe(200);
    expect(ended.body.play_time).toBeGreaterThanOrEqual(40);
    expect(ended.body.play_time).toBeLessThanOrEqual(42);
    const again = await getJson<ApiErrorBody>(
      `/api/gamestats/${id}`,
      json("PUT", { play_time: 3 }, owner.token),
    );
    expect(again.status).toBe(409);
    expect(
      await env.DB.prepare("select play_time from game_stats where id = ?")
        .bind(id)
        .first("play_time"),
    ).toBe(ended.body.play_time);
  });
});

// These are the checks every round passes; an external game (type 2) is believed on them alone, so they are tested
// on one. Our own games are replayed on top of them (replay.test.ts).
describe("POST /api/scores", () => {
  it("accepts a round of an open session, puts it on the leaderboard and ranks it", async () => {
    const game = await externalGame("bubble-pop");
    const player = await newPlayer("Honest Hana");
    const stats = await openSession(player, game);
    const accepted = await submit(player, {
      score: 840,
      player_id: player.userId,
      game_id: game,
      stats_id: stats,
      moves: timeline(840),
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body._id).toBeGreaterThan(0);

    const board = await leaderboard(game);
    expect(board).toEqual([
      {
        rank: 1,
        player_id: player.userId,
        player_name: ["Honest Hana"],
        profile_img: null,
        score: 840,
        // An external game's rounds cannot be replayed: no run to watch, and marked unverified.
        run_id: null,
        verified: false,
      },
    ]);
    expect(
      (await getJson(`/api/scores/${game}/${player.userId}`)).body,
    ).toEqual({ score: 840, rank: 1 });
    // The timeline is kept for bots to replay.
    const moves = await env.DB.prepare(
      "select moves from player_moves where stats_id = ?",
    )
      .bind(stats)
      .first<string>("moves");
    expect(JSON.parse(moves!)).toEqual(timeline(840));
  });

  it("finds the player's open session when the request names none, as SPEC.md's payload does", async () => {
    const game = await externalGame("fruit-catch");
    const player = await newPlayer();
    await openSession(player, game);
    expect(
      (
        await submit(player, {
          score: 12,
          player_id: player.userId,
          game_id: game,
          moves: timeline(12),
        })
      ).status,
    ).toBe(201);
    expect(
      (await getJson(`/api/scores/${game}/${player.userId}`)).body,
    ).toEqual({ score: 12, rank: 1 });
  });

  it("refuses, with a reason and nothing on the leaderboard, every score it cannot believe", async () => {
    // Snake's cap: five dots a second at most.
    const game = await externalGame("snake", 5);
    const otherGame = await externalGame("star-dodger");
    const [player, other] = [await newPlayer(), await newPlayer()];
    const refusedWith = async (
      body: Record<string, unknown>,
      status: number,
      message: string | RegExp,
      as: Player = player,
    ) => {
      const response = await submit(as, {
        score: 10,
        player_id: player.userId,
        game_id: game,
        moves: timeline(10),
        ...body,
      });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.error.message).toMatch(message);
    };

    expect(
      (
        await getJson(
          "/api/scores",
          json("POST", { score: 1, player_id: player.userId, game_id: game }),
        )
      ).status,
    ).toBe(401);
    // No session at all.
    await refusedWith(
      {},
      422,
      "There is no open play session for this game; start the game again to submit a score",
    );
    // Someone else's score, and someone else's session.
    const othersSession = await openSession(other, game);
    await refusedWith(
      { player_id: other.userId, stats_id: othersSession },
      403,
      "You can only submit your own scores",
    );
    await refusedWith(
      { stats_id: othersSession },
      422,
      "There is no play session of yours with that id",
    );
    // A session of another game.
    const elsewhere = await openSession(player, otherGame);
    await refusedWith(
      { stats_id: elsewhere },
      422,
      "This play session is for another game",
    );
    // A closed session.
    const closed = await openSession(player, game);
    await getJson(
      `/api/gamestats/${closed}`,
      json("PUT", { play_time: 20 }, player.token),
    );
    await refusedWith(
      { stats_id: closed },
      422,
      "This play session has ended; start a new game to submit a score",
    );
    // Too long: snake allows 120 s plus the grace.
    const slow = await openSession(player, game, 200);
    await refusedWith(
      { stats_id: slow },
      422,
      "This round ran longer than the game allows (120 s)",
    );
    // Too fast: 500 dots in 30 s is more than snake can give.
    const fast = await openSession(player, game);
    await refusedWith(
      { stats_id: fast, score: 500, moves: timeline(500) },
      422,
      "This score came in faster than the game can be played",
    );
    // Timelines that do not fit.
    const session = await openSession(player, game);
    const disordered = [
      { time: 0, score: 0 },
      { time: 9000, score: 6 },
      { time: 4000, score: 10 },
    ];
    await refusedWith(
      { stats_id: session, moves: disordered },
      422,
      "The moves timeline is out of order",
    );
    await refusedWith(
      { stats_id: session, moves: timeline(10, 90) },
      422,
      "The moves timeline is longer than the play session",
    );
    await refusedWith(
      { stats_id: session, moves: timeline(9) },
      422,
      "The moves timeline does not end at the submitted score",
    );
    await refusedWith(
      { stats_id: session, moves: undefined },
      422,
      "A score above 0 needs its moves timeline",
    );
    await refusedWith(
      { stats_id: session, moves: [{ time: -5, score: 10 }] },
      400,
      "A move's time cannot be negative",
    );
    await refusedWith(
      { stats_id: session, score: -3 },
      400,
      "score cannot be negative",
    );
    await refusedWith(
      { stats_id: session, score: "lots" },
      400,
      "score must be a whole number",
    );

    expect(await leaderboard(game)).toEqual([]);
    expect(
      await env.DB.prepare("select count(*) as n from scores").first("n"),
    ).toBe(await scoresOutside(game));
    // The session survived every refusal and takes an honest score once; a second submission is refused.
    expect(
      (
        await submit(player, {
          score: 10,
          player_id: player.userId,
          game_id: game,
          stats_id: session,
          moves: timeline(10),
        })
      ).status,
    ).toBe(201);
    await refusedWith(
      { stats_id: session },
      422,
      "This play session already has a score",
    );
    expect((await leaderboard(game)).map((entry) => entry.score)).toEqual([10]);
  });

  it("lets only one of two racing submissions for a session in", async () => {
    const game = await externalGame("mole-mash");
    const player = await newPlayer();
    const stats = await openSession(player, game);
    const body = {
      score: 30,
      player_id: player.userId,
      game_id: game,
      stats_id: stats,
      moves: timeline(30),
    };
    const results = await Promise.all([
      submit(player, body),
      submit(player, { ...body, score: 40, moves: timeline(40) }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 422]);
    expect(
      await env.DB.prepare(
        "select count(*) as n from scores where stats_id = ?",
      )
        .bind(stats)
        .first("n"),
    ).toBe(1);
    expect((await leaderboard(game)).length).toBe(1);
  });

  it("rate-limits submissions per player", async () => {
    const game = await externalGame("sky-hopper");
    const player = await newPlayer();
    roomInWindow(60_000);
    for (let round = 0; round < SCORE_SUBMISSIONS_PER_MINUTE; round++) {
      const stats = await openSession(player, game);
      expect(
        (
          await submit(player, {
            score: round,
            player_id: player.userId,
            game_id: game,
            stats_id: stats,
            moves: round ? timeline(round) : [],
          })
        ).status,
      ).toBe(201);
    }
    const stats = await openSession(player, game);
    const limited = await submit(player, {
      score: 99,
      player_id: player.userId,
      game_id: game,
      stats_id: stats,
      moves: timeline(99),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(
      /^Too many scores in a minute\. Please try again in \d+ seconds?\.$/,
    );
    expect(
      Number(limited.response.headers.get("Retry-After")),
    ).toBeLessThanOrEqual(60);
    expect(
      (await getJson(`/api/scores/${game}/${player.userId}`)).body,
    ).toEqual({ score: SCORE_SUBMISSIONS_PER_MINUTE - 1, rank: 1 });
  });
});

/** Scores of games other than `game`: what the table may hold when `game` has none. */
async function scoresOutside(game: number) {
  return (await env.DB.prepare(
    "select count(*) as n from scores where game_id != ?",
  )
    .bind(game)
    .first<number>("n"))!;
}

describe("GET /api/scores", () => {
  it("ranks each player's best, ties to whoever reached the score first, and gives the same rank in both calls", async () => {
    const game = await externalGame("dash-runner");
    const [first, second, third, fourth] = [
      await newPlayer("Tie First"),
      await newPlayer("Tie Second"),
      await newPlayer("Top Tess"),
      await newPlayer("Low Lou"),
    ];
    const play = async (player: Player, score: number) => {
      const stats = await openSession(player, game);
      expect(
        (
          await submit(player, {
            score,
            player_id: player.userId,
            game_id: game,
            stats_id: stats,
            moves: score ? timeline(score) : [],
          })
        ).status,
      ).toBe(201);
    };
    await play(first, 500);
    await play(fourth, 100);
    await play(second, 500);
    await play(third, 900);
    await play(third, 300); // a worse round leaves the best alone
    await play(fourth, 50);

    const board = await leaderboard(game);
    expect(
      board.map((entry) => [entry.rank, entry.player_name[0], entry.score]),
    ).toEqual([
      [1, "Top Tess", 900],
      [2, "Tie First", 500],
      [3, "Tie Second", 500],
      [4, "Low Lou", 100],
    ]);
    for (const entry of board) {
      expect(
        (await getJson(`/api/scores/${game}/${entry.player_id}`)).body,
      ).toEqual({ score: entry.score, rank: entry.rank });
    }
    // Asked again, the order is the same.
    expect(await leaderboard(game)).toEqual(board);
  });

  it("narrows to the caller and the people they follow with scope=following", async () => {
    const game = await externalGame("brick-breaker");
    const [me, friend, stranger] = [
      await newPlayer("Circle Cam"),
      await newPlayer("Circle Friend"),
      await newPlayer("Circle Stranger"),
    ];
    for (const [player, score] of [
      [me, 2],
      [friend, 3],
      [stranger, 4],
    ] as const) {
      const stats = await openSession(player, game);
      expect(
        (
          await submit(player, {
            score,
            player_id: player.userId,
            game_id: game,
            stats_id: stats,
            moves: timeline(score),
          })
        ).status,
      ).toBe(201);
    }
    await env.DB.prepare(
      "insert into follows (follower_id, followee_id) values (?, ?)",
    )
      .bind(me.userId, friend.userId)
      .run();
    const following = await getJson<Entry[]>(
      `/api/scores/${game}?scope=following`,
      { headers: { Authorization: `Bearer ${me.token}` } },
    );
    expect(
      following.body.map((entry) => [entry.rank, entry.player_name[0]]),
    ).toEqual([
      [1, "Circle Friend"],
      [2, "Circle Cam"],
    ]);
    expect(
      (await leaderboard(game)).map((entry) => entry.player_name[0]),
    ).toEqual(["Circle Stranger", "Circle Friend", "Circle Cam"]);
    expect((await getJson(`/api/scores/${game}?scope=following`)).status).toBe(
      401,
    );
    expect((await getJson(`/api/scores/${game}?scope=friends`)).status).toBe(
      400,
    );
  });

  it("is 404 for an unknown game and a 400 for a malformed id", async () => {
    expect(
      (await getJson<ApiErrorBody>("/api/scores/99999")).body.error.message,
    ).toBe("Game not found");
    expect((await getJson("/api/scores/abc")).status).toBe(400);
    expect((await getJson("/api/scores/1/x")).status).toBe(400);
  });
});

describe("POST /api/player-move", () => {
  it("keeps the timeline of a scored round once, and refuses one that does not fit the score", async () => {
    const game = await externalGame("color-flood");
    const [player, other] = [await newPlayer(), await newPlayer()];
    const moves = (body: Record<string, unknown>, as = player) =>
      getJson<ApiErrorBody>(
        "/api/player-move",
        json(
          "POST",
          {
            game_id: game,
            player_id: player.userId,
            moves: timeline(70),
            ...body,
          },
          as.token,
        ),
      );

    expect(
      (
        await getJson(
          "/api/player-move",
          json("POST", { game_id: game, player_id: player.userId, moves: [] }),
        )
      ).status,
    ).toBe(401);
    const unscored = await moves({});
    expect(unscored.status).toBe(422);
    expect(unscored.body.error.message).toBe(
      "There is no scored play session for this game",
    );

    const stats = await openSession(player, game);
    expect(
      (
        await submit(player, {
          score: 70,
          player_id: player.userId,
          game_id: game,
          stats_id: stats,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await submit(player, {
          score: 70,
          player_id: player.userId,
          game_id: game,
          stats_id: stats,
          moves: timeline(70),
        })
      ).status,
    ).toBe(201);
    expect((await moves({ moves: timeline(71) })).body.error.message).toBe(
      "The moves timeline does not end at the submitted score",
    );
    expect((await moves({}, other)).status).toBe(403);
    expect((await moves({ player_id: other.userId }, other)).status).toBe(422);
    expect((await moves({})).status).toBe(201);
    expect(
      await env.DB.prepare(
        "select count(*) as n from player_moves where stats_id = ?",
      )
        .bind(stats)
        .first("n"),
    ).toBe(1);
  });
});

/** Issue #29's crafted round: 16,381 taps on the first step of Sky Hopper, as much as 64 KB of log holds. */
const tapsOnOneStep = () =>
  encodeLog({
    steps: 60,
    events: Array.from({ length: 16_381 }, (_, index) => ({
      step: 0,
      kind: index % 2 ? ("pointerUp" as const) : ("pointerDown" as const),
      x: 0,
      y: 0,
    })),
  });

const replaysCounted = (statsId: number) =>
  env.DB.prepare("select count from rate_limits where key = ?")
    .bind(`replaysPerSession:${statsId}`)
    .first<number>("count");

describe("what a round may cost the server", () => {
  it("refuses the 16,381-tap log as inhuman, and replays one session at most 3 times however many submissions race", async () => {
    const player = await newPlayer("Resubmitter");
    const game = await gameId("sky-hopper");
    roomInWindow(60_000);
    const stats = await openSession(player, game, 10);
    const log = tapsOnOneStep();
    expect(log.length).toBeLessThanOrEqual(MAX_LOG_CHARS);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        submit(player, {
          score: 0,
          player_id: player.userId,
          game_id: game,
          stats_id: stats,
          log,
        }),
      ),
    );
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked).toHaveLength(REPLAYS_PER_SESSION);
    for (const answer of checked) {
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toBe(
        `${RUN_MESSAGES.inhuman}: More inputs on one step than a person can make`,
      );
    }
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(16 - REPLAYS_PER_SESSION);
    // Past the player's 12 a minute, or past the session's 3: either way nothing more is replayed.
    for (const answer of limited)
      expect(answer.body.error.message).toMatch(
        /^(This round has already been checked 3 times; start a new game to submit a score\.|Too many scores in a minute\. Please try again in \d+ seconds?\.)$/,
      );
    expect(await replaysCounted(stats)).toBe(REPLAYS_PER_SESSION);

    expect(
      await env.DB.prepare(
        "select count(*) as n from scores where stats_id = ?",
      )
        .bind(stats)
        .first("n"),
    ).toBe(0);
  });

  it("counts refused submissions against the player's 12 a minute", async () => {
    const player = await newPlayer("Refused Often");
    const game = await gameId("snake");
    roomInWindow(60_000);
    for (let attempt = 0; attempt < SCORE_SUBMISSIONS_PER_MINUTE; attempt++) {
      const refused = await submit(player, {
        score: 5,
        player_id: player.userId,
        game_id: game,
        stats_id: 999_999,
        log: "AQAA",
      });
      expect(refused.status).toBe(422);
    }
    // A true round now waits its turn, and nothing of it is written.
    const session = await openPlaySession(player, game);
    const limited = await submit(player, await roundBody(player, session, 2));
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(
      /^Too many scores in a minute\./,
    );
    expect(await replaysCounted(session._id)).toBeNull();
    expect(
      await env.DB.prepare("select count(*) as n from scores where user_id = ?")
        .bind(player.userId)
        .first("n"),
    ).toBe(0);
  });

  it("keeps a replayed run only when it scored", async () => {
    const player = await newPlayer("Run Keeper");
    const game = await gameId("snake");
    const runsOf = async (statsId: number) =>
      env.DB.prepare(
        "select count(*) as n from player_moves where stats_id = ?",
      )
        .bind(statsId)
        .first<number>("n");
    const nothing = await openPlaySession(player, game);
    expect(
      (await submit(player, await roundBody(player, nothing, 0))).status,
    ).toBe(201);
    expect(await runsOf(nothing._id)).toBe(0);
    const scored = await openPlaySession(player, game);
    expect(
      (await submit(player, await roundBody(player, scored, 2))).status,
    ).toBe(201);
    expect(await runsOf(scored._id)).toBe(1);
  });

  it("stops a replay that runs past its time budget and refuses it, and a referee that does not answer in time", async () => {
    const player = await newPlayer("Slow Round");
    const game = await gameId("snake");
    const session = await openPlaySession(player, game);
    const body = await roundBody(player, session, 3);
    const seed = (await env.DB.prepare(
      "select seed from game_stats where id = ?",
    )
      .bind(session._id)
      .first<number>("seed"))!;
    const steps = decodeLog(body.log as string).steps;
    // The budget is looked at every 120 steps: a round longer than that, given no time at all, is stopped there.
    expect(steps).toBeGreaterThan(120);
    const referee = env.REFEREE.get(env.REFEREE.idFromName("referee:budget"));
    expect(
      await referee.judge(
        "snake",
        seed,
        body.log as string,
        3,
        steps,
        undefined,
        0,
      ),
    ).toEqual({ ok: false, message: RUN_MESSAGES.overBudget });
    const judged = await referee.judge(
      "snake",
      seed,
      body.log as string,
      3,
      steps,
    );
    expect(judged.ok).toBe(true);

    // The Worker's side: no answer within its wait, or a referee stopped at the platform's CPU limit, is the same 422.
    for (const answer of [
      () => new Promise<never>(() => {}),
      () =>
        Promise.reject(new Error("Durable Object exceeded CPU time limit.")),
    ]) {
      const refused = await withinRefereeTime(answer(), 20).catch(
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({
        status: 422,
        message: RUN_MESSAGES.overBudget,
      });
    }
  });
});
