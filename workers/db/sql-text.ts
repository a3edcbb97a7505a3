/**
 * A query as plain SQL text, its parameters written in as SQLite literals. `wrangler d1 execute --file` takes no
 * bound parameters, so SQL that must also run there is written out this way (see catalogue.ts).
 */
export function withValuesWrittenIn(query: {
  sql: string;
  params: unknown[];
}): string {
  const parts = query.sql.split("?");
  if (parts.length !== query.params.length + 1)
    throw new Error(
      `Expected ${parts.length - 1} parameters, got ${query.params.length}: ${query.sql}`,
    );
  return parts.reduce(
    (text, part, i) => text + sqlLiteral(query.params[i - 1]) + part,
  );
}

export function sqlLiteral(value: unknown): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && !value.includes("\0"))
    return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`No SQL literal for this ${typeof value}`);
}
