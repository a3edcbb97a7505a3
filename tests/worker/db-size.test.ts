import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { createServices } from "../../workers/context";

const DAY_MS = 86_400_000;

const samples = async () =>
  (
    await env.DB.prepare(
      "select bytes, tables, taken_at as takenAt from db_size_samples order by taken_at",
    ).all<{ bytes: number; tables: string; takenAt: number }>()
  ).results;

async function addEvents(count: number) {
  await env.DB.batch(
    Array.from({ length: count }, () =>
      env.DB.prepare(
        "insert into events (name, data) values ('page_view', '{}')",
      ),
    ),
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("delete from db_size_samples").run();
});

describe("D1's size, sampled hourly (ADR 047)", () => {
  it("keeps a sample of the database's bytes and the large tables' rows, without a warning under 70 %", async () => {
    await addEvents(3);
    const errors = vi.spyOn(console, "error");
    const now = Date.now();
    const sample = await createServices(env).dbSize.recordSize(now);
    expect(sample.bytes).toBeGreaterThan(0);
    expect(sample.tables.events).toBeGreaterThanOrEqual(3);
    expect(sample.grown).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    const [row] = await samples();
    expect(row).toMatchObject({ bytes: sample.bytes, takenAt: now });
    expect(JSON.parse(row.tables)).toEqual(sample.tables);
  });

  it("logs an error past the threshold with the size, the share and the table that grew most in a day", async () => {
    const dbSize = createServices(env).dbSize;
    const now = Date.now();
    await dbSize.recordSize(now - DAY_MS - 1000);
    await addEvents(40);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // Under a lowered threshold: nothing said below it, an error above it.
    const quiet = await dbSize.recordSize(now - 1000, { warning: 1 });
    expect(quiet.grown).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    const loud = await dbSize.recordSize(now, {
      warning: 0.5,
      limit: quiet.bytes,
    });
    expect(loud.grown?.[0]).toEqual({ table: "events", rows: 40 });
    expect(errors).toHaveBeenCalledOnce();
    const message = String(errors.mock.calls[0][0]);
    expect(message).toContain(
      `${Math.round((loud.bytes / quiet.bytes) * 100)} %`,
    );
    expect(message).toContain("events +40");
    expect(message).toContain(`${(loud.bytes / 1e9).toFixed(2)} GB`);
  });

  it("is taken by the hourly cron, after its prune", async () => {
    const controller = createScheduledController({ cron: "0 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const rows = await samples();
    expect(rows).toHaveLength(1);
    expect(rows[0].bytes).toBeGreaterThan(0);
  });

  it("forgets samples after 90 days", async () => {
    const dbSize = createServices(env).dbSize;
    const now = Date.now();
    await dbSize.recordSize(now - 91 * DAY_MS);
    await dbSize.recordSize(now - 89 * DAY_MS);
    const deleted = await createServices(env).retention.prune(now);
    expect(deleted.db_size_samples).toBe(1);
    expect((await samples()).map((row) => row.takenAt)).toEqual([
      now - 89 * DAY_MS,
    ]);
  });
});
