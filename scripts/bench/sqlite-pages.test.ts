import { Miniflare } from "miniflare";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseImage, databaseSize, type DatabaseSize } from "./sqlite-pages";

// A small D1 database made by workerd's own SQLite, as the growth bench makes its own: a table of short rows, one of
// rows long enough to need overflow pages, an index, and a dropped table whose pages are free.
const dir = mkdtempSync(path.join(tmpdir(), "sqlite-pages-"));
let file: string;
let size: DatabaseSize;
const LONG_ROWS = 40;
const LONG_TEXT = 10_000;

beforeAll(async () => {
  const mf = new Miniflare({
    modules: true,
    script: "export default {}",
    d1Databases: { DB: "pages" },
    d1Persist: dir,
  });
  const d1 = await mf.getD1Database("DB");
  await d1.batch([
    d1.prepare("create table short (id integer primary key, name text)"),
    d1.prepare("create index short_name on short (name)"),
    d1.prepare("create table long (id integer primary key, body text)"),
    d1.prepare("create table gone (id integer primary key, body text)"),
  ]);
  const rows: string[] = [];
  for (let i = 0; i < 3000; i++)
    rows.push(`insert into short (name) values ('player ${i}')`);
  for (let i = 0; i < LONG_ROWS; i++)
    rows.push(`insert into long (body) values ('${"x".repeat(LONG_TEXT)}')`);
  for (let i = 0; i < 50; i++)
    rows.push(`insert into gone (body) values ('${"y".repeat(3000)}')`);
  await d1.exec(rows.join("\n"));
  await d1.exec("drop table gone");
  await mf.dispose();
  const folder = path.join(dir, "miniflare-D1DatabaseObject");
  file = path.join(
    folder,
    readdirSync(folder).find(
      (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
    )!,
  );
  // workerd leaves its last writes in the write-ahead log: read as SQLite would.
  size = databaseSize(
    databaseImage(readFileSync(file), readFileSync(`${file}-wal`)),
  );
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const btree = (name: string) =>
  size.btrees.find((entry) => entry.name === name)!;

describe("databaseSize", () => {
  it("shares every page out among the b-trees and the free list", () => {
    const used = size.btrees.reduce((sum, entry) => sum + entry.pages, 0);
    expect(size.freePages).toBeGreaterThan(0);
    expect(used).toBe(size.pageCount - size.freePages);
    expect(size.bytes).toBe(size.pageCount * size.pageSize);
  });

  it("counts each table's rows and names an index's table", () => {
    expect(btree("short")).toMatchObject({ type: "table", rows: 3000 });
    expect(btree("short_name")).toMatchObject({
      type: "index",
      table: "short",
      rows: 3000,
    });
    expect(btree("long").rows).toBe(LONG_ROWS);
    expect(size.btrees.some((entry) => entry.name === "gone")).toBe(false);
  });

  it("counts the overflow pages of rows longer than a page", () => {
    // Each row's text lies mostly on its overflow pages: every byte is on a page of the table's.
    const { bytes, pages } = btree("long");
    expect(bytes).toBeGreaterThanOrEqual(LONG_ROWS * LONG_TEXT);
    expect(bytes).toBeLessThan(1.1 * LONG_ROWS * LONG_TEXT + 2 * size.pageSize);
    expect(pages).toBeGreaterThan(2 * LONG_ROWS);
  });

  it("reads the file without its log as the database before those writes", () => {
    const stale = databaseSize(readFileSync(file));
    expect(stale.btrees.some((entry) => entry.name === "long")).toBe(false);
  });
});
