import type { EventName } from "#contract/events";
import type { Db } from "../db/client";
import { events } from "../db/schema";

/**
 * Product analytics (SPEC.md §7). Workers Analytics Engine when its binding `ANALYTICS` is configured
 * (cheap, unbounded writes); otherwise a D1 table, so a local or small deployment still keeps them.
 */
export function createEventService(
  db: Db,
  analytics: AnalyticsEngineDataset | undefined,
) {
  return {
    async record(
      name: EventName,
      userId: number | null,
      data: Record<string, unknown> | undefined,
    ) {
      const json = data ? JSON.stringify(data) : null;
      if (analytics) {
        analytics.writeDataPoint({
          indexes: [name],
          blobs: [name, json ?? ""],
          doubles: [userId ?? 0],
        });
        return;
      }
      await db.insert(events).values({ name, userId, data: json });
    },
  };
}
