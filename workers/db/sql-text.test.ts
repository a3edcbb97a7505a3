import { describe, expect, it } from "vitest";
import { sqlLiteral, withValuesWrittenIn } from "./sql-text";

describe("withValuesWrittenIn", () => {
  it("writes each parameter in at its placeholder, in order", () => {
    expect(
      withValuesWrittenIn({
        sql: 'insert into "t" ("a", "b", "c") values (?, ?, ?)',
        params: ["it's", 2.5, null],
      }),
    ).toBe(`insert into "t" ("a", "b", "c") values ('it''s', 2.5, NULL)`);
  });

  it("leaves a question mark inside a value alone", () => {
    expect(
      withValuesWrittenIn({ sql: "select ?, ?", params: ["Ready?", 1] }),
    ).toBe("select 'Ready?', 1");
  });

  it("refuses a query whose placeholders and parameters do not match", () => {
    expect(() =>
      withValuesWrittenIn({ sql: "select ?, ?", params: [1] }),
    ).toThrow(/Expected 2 parameters, got 1/);
  });
});

describe("sqlLiteral", () => {
  it("quotes text, doubling quotes and keeping line breaks and semicolons", () => {
    expect(sqlLiteral("a'b;\n--c")).toBe("'a''b;\n--c'");
  });

  it("writes numbers, booleans and null as SQLite reads them", () => {
    expect([0, -3, 1.5, true, false, null].map(sqlLiteral)).toEqual([
      "0",
      "-3",
      "1.5",
      "1",
      "0",
      "NULL",
    ]);
  });

  it("refuses what has no faithful literal", () => {
    for (const value of [undefined, Number.NaN, Infinity, {}, "a\0b"])
      expect(() => sqlLiteral(value)).toThrow(/No SQL literal/);
  });
});
