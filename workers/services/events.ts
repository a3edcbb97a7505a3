import {
  GAME_EVENT_DATA,
  eventGame,
  isGameEvent,
  type EventName,
} from "#contract/events";
import type { Db } from "../db/client";
import { events } from "../db/schema";
import { parseInput } from "./parse";

/**
 * Product analytics (SPEC.md §7). Workers Analytics Engine when its binding `ANALYTICS` is configured
 * (cheap, unbounded writes); otherwise a D1 table, so a local or small deployment still keeps them. A game's own
 * events (GAME_EVENT_DATA) go to D1 in either case, with their game: its developers' dashboard reads them there.
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
      const gameId = isGameEvent(name)
        ? eventGame(name, parseInput(GAME_EVENT_DATA[name], data))
        : null;
      const json = data ? JSON.stringify(data) : null;
      if (analytics) {
        analytics.writeDataPoint({
          indexes: [name],
          blobs: [name, json ?? ""],
          doubles: [userId ?? 0],
        });
        if (gameId === null) return;
      }
      await db.insert(events).values({ name, userId, gameId, data: json });
    },
  };
}
