import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { gameId, newPlayer, seed } from "./helpers";

// Migration 0033 (ADR 047) rebuilds the tables of pairs WITHOUT ROWID. Run again over rows, it keeps every row, the
// rating's range check and the cascades that take a deleted player's rows.

const PAIRS = ["follows", "likes", "ratings", "saved_games"];

type Row = Record<string, unknown>;

const all = async (table: string) =>
  (await env.DB.prepare(`select * from ${table} order by 1, 2`).all<Row>())
    .results;

beforeAll(seed);

describe("migration 0033, the tables of pairs without rowids", () => {
  it("keeps every row, the range check and the cascades", async () => {
    const [ada, bea] = await Promise.all([
      newPlayer("Pair Ada"),
      newPlayer("Pair Bea"),
    ]);
    const game = await gameId("snake");
    await env.DB.batch(
      [
        [
          "insert into follows (follower_id, followee_id) values (?, ?)",
          ada.userId,
          bea.userId,
        ],
        [
          "insert into follows (follower_id, followee_id) values (?, ?)",
          bea.userId,
          ada.userId,
        ],
        [
          "insert into likes (user_id, game_id) values (?, ?)",
          ada.userId,
          game,
        ],
        [
          "insert into ratings (user_id, game_id, value) values (?, ?, 4)",
          bea.userId,
          game,
        ],
        [
          "insert into saved_games (user_id, game_id) values (?, ?)",
          ada.userId,
          game,
        ],
      ].map(([query, ...values]) =>
        env.DB.prepare(query as string).bind(...values),
      ),
    );
    const before: Record<string, Row[]> = Object.fromEntries(
      await Promise.all(PAIRS.map(async (t) => [t, await all(t)] as const)),
    );

    const migration = env.TEST_MIGRATIONS.find(
      (m) => m.name === "0033_pairs_without_rowid.sql",
    );
    await env.DB.batch(
      migration!.queries.map((query) => env.DB.prepare(query)),
    );

    const rebuilt = await env.DB.prepare(
      `select name from sqlite_schema where type = 'table' and sql like '%WITHOUT ROWID%' and name in (${PAIRS.map(() => "?").join(", ")}) order by name`,
    )
      .bind(...PAIRS)
      .all<{ name: string }>();
    expect(rebuilt.results.map((row) => row.name)).toEqual(PAIRS);
    for (const table of PAIRS)
      expect(await all(table), table).toEqual(before[table]);
    // Each keeps its other index: a player's followers and a game's likes and ratings are read by it.
    const indexes = await env.DB.prepare(
      "select name from sqlite_schema where type = 'index' and name in ('follows_followee_idx', 'likes_game_idx', 'ratings_game_idx') order by name",
    ).all<{ name: string }>();
    expect(indexes.results).toHaveLength(3);

    await expect(
      env.DB.prepare(
        "insert into ratings (user_id, game_id, value) values (?, ?, 6)",
      )
        .bind(ada.userId, game)
        .run(),
    ).rejects.toThrow(/CHECK constraint failed/);
    await env.DB.prepare("delete from users where id = ?")
      .bind(ada.userId)
      .run();
    const players = (row: Row) =>
      [row.user_id, row.follower_id, row.followee_id].filter(Boolean);
    for (const table of PAIRS) {
      const left = await all(table);
      expect(
        left.filter((row) => players(row).includes(ada.userId)),
        table,
      ).toEqual([]);
    }
    expect(await all("ratings")).toEqual(before.ratings);
  });
});
