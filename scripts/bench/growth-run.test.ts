import { Miniflare } from "miniflare";
import { describe, expect, it } from "vitest";
import { createDb } from "../../workers/db/client";
import { catalogueSql } from "../../workers/seed/catalogue-sql";
import {
  createRetentionService,
  RUN_DAYS,
} from "../../workers/services/retention";
import { D1_WORKER, d1OverFetch } from "../d1-over-fetch";
import { RATES } from "./growth-rates";
import { keptRows, migrate, runGrowth } from "./growth-run";
import { DAY_MS } from "./growth-sim";

// The bench itself, tiny: three days of ten players through the real migrations, services and hourly sweeps.
describe("runGrowth", () => {
  it("writes each day's rounds and reads the database's size from its file", async () => {
    const result = await runGrowth({
      days: 3,
      players: 10,
      sampleEvery: 1,
      prune: null,
    });
    expect(result.rounds).toBe(3 * 10 * RATES.roundsPerPlayer);
    expect(result.playerDays).toBe(30);
    expect(result.samples.map((sample) => sample.day)).toEqual([0, 1, 2, 3]);

    const rows = (name: string) =>
      result.final.btrees.find((btree) => btree.name === name)?.rows;
    expect(rows("game_stats")).toBe(result.rounds);
    expect(rows("player_moves")).toBe(result.runsKept);
    // The best-score triggers of migration 0012 built the rank count trees.
    expect(rows("rank_score_counts")).toBeGreaterThan(0);
    const used = result.final.btrees.reduce(
      (sum, btree) => sum + btree.pages,
      0,
    );
    expect(used).toBe(result.final.pageCount - result.final.freePages);

    const grown = (table: string) =>
      result.samples[3].tables[table] - result.samples[0].tables[table];
    expect(grown("player_moves")).toBeGreaterThan(0);
    expect(result.r2Samples[3].tables.runs).toBeGreaterThan(0);
  }, 120_000);

  it("splits the runs the prune keeps past their days: the boards' and the rest", async () => {
    const result = await runGrowth({
      // Twelve days: the first week's boards have closed and been purged, so its best runs stay for the boards alone.
      days: RUN_DAYS + 10,
      players: 20,
      sampleEvery: 1,
      prune: (db, media) => {
        const retention = createRetentionService(db, media);
        return (now) => retention.prune(now);
      },
    });
    const kept = result.keptSamples.map((sample) => sample.tables);
    const [start, early] = kept;
    const last = kept[kept.length - 1];
    expect(start.runs).toBe(0);
    // After the first day nothing is past its days yet: every run is in the window.
    expect(early["runs:window"]).toBe(early.runs);
    expect(early["runs:boards"]).toBe(0);

    const rows = (name: string) =>
      result.final.btrees.find((btree) => btree.name === name)?.rows;
    expect(last.runs).toBe(rows("player_moves"));
    expect(last.sessions).toBe(rows("game_stats"));
    // Old best runs stay for the boards, one session each; at most one a player and game.
    expect(last["runs:boards"]).toBeGreaterThan(0);
    expect(last["sessions:boards"]).toBe(last["runs:boards"]);
    expect(last["sessions:prizes"]).toBe(last["runs:prizes"]);
    const bestScores = result.boards.reduce(
      (sum, board) => sum + board.bestScores,
      0,
    );
    expect(last["runs:boards"]).toBeLessThanOrEqual(bestScores);
    expect(
      last["runs:window"] + last["runs:boards"] + last["runs:prizes"],
    ).toBeLessThan(last.runs);
    expect(last["runs:window"]).toBeLessThan(result.runsKept);
  }, 120_000);

  it("counts an old best run as the board's only when nothing else keeps it, one at the top score too", async () => {
    const mf = new Miniflare({
      modules: true,
      script: D1_WORKER,
      d1Databases: { DB: "kept" },
    });
    try {
      const d1 = d1OverFetch(mf);
      await migrate(d1);
      await d1.batch(catalogueSql().map((line) => d1.prepare(line)));
      const now = Date.UTC(2027, 1, 1);
      const old = now - 20 * DAY_MS;
      // Players 1–3 each hold an old best run; player 2's is also a challenge's round; player 3's is the highest
      // score a round can have (1,700 for a typical 1,000), a board run like any other. Player 1 has a run of the
      // last days too.
      const rows = [
        `insert into users (id, email, name, first_name) values (1, 'a@example.com', 'A', 'A'), (2, 'b@example.com', 'B', 'B'), (3, 'c@example.com', 'C', 'C')`,
        `insert into game_stats (id, user_id, game_id, created_at) values (1, 1, 2, ${old}), (2, 2, 2, ${old}), (3, 3, 2, ${old}), (4, 1, 2, ${now - DAY_MS})`,
        `insert into player_moves (id, stats_id, user_id, game_id, score, moves, created_at) values (1, 1, 1, 2, 500, '[]', ${old}), (2, 2, 2, 2, 400, '[]', ${old}), (3, 3, 3, 2, 1700, '[]', ${old}), (4, 4, 1, 2, 300, '[]', ${now - DAY_MS})`,
        `insert into best_scores (game_id, user_id, score, achieved_at, stats_id) values (2, 1, 500, ${old}, 1), (2, 2, 400, ${old}, 2), (2, 3, 1700, ${old}, 3)`,
        `insert into challenges (id, game_id, from_user_id, to_user_id, bet_amount, message, score, expires_at, round_stats_id) values (1, 2, 2, 1, 10, 'Beat me', 400, ${now}, 2)`,
      ];
      await d1.batch(rows.map((line) => d1.prepare(line)));
      const kept = await keptRows(createDb(d1), now);
      expect(kept).toEqual({
        runs: 4,
        "runs:window": 1,
        sessions: 4,
        "runs:boards": 2,
        "sessions:boards": 2,
        "runs:prizes": 0,
        "sessions:prizes": 0,
      });
    } finally {
      await mf.dispose();
    }
  }, 60_000);
});
