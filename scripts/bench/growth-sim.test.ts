import { describe, expect, it } from "vitest";
import { createDb } from "../../workers/db/client";
import { bestScoreWrite } from "../../workers/services/scores";
import { periodBoardWrites } from "../../workers/services/tournaments";
import { DAY_MS, inlined, roundStatements } from "./growth-sim";

// Only SQL is built here: no statement is sent.
const db = createDb({} as D1Database);
const dayStart = Date.UTC(2027, 0, 6);

describe("roundStatements", () => {
  it("fills in the service's own statements with each round's values", () => {
    const boards = roundStatements((round) => [
      bestScoreWrite(db, round),
      ...periodBoardWrites(db, round),
    ]);
    for (const round of [
      { gameId: 3, userId: 17, score: 420, statsId: 9001, now: dayStart + 5 },
      {
        gameId: 12,
        userId: 2,
        score: 7,
        statsId: 12,
        now: dayStart + DAY_MS - 1,
      },
    ]) {
      const real = [
        bestScoreWrite(db, round),
        ...periodBoardWrites(db, round),
      ].map((query) => query.toSQL());
      expect(boards(round, dayStart)).toEqual(
        real.map(({ sql, params }) => ({ sql, params })),
      );
    }
  });
});

describe("inlined", () => {
  it("writes the values in, quoting text, and keeps question marks inside quotes", () => {
    expect(
      inlined({
        sql: "insert into t (a, b, c)\n  values (?, ?, '?')",
        params: ["it's", null],
      }),
    ).toBe("insert into t (a, b, c) values ('it''s', null, '?')");
  });

  it("refuses a value with a line break, which exec would cut in two", () => {
    expect(() => inlined({ sql: "select ?", params: ["a\nb"] })).toThrow(
      /newline/,
    );
  });
});
