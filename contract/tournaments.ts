import { z } from "zod";
import { PERIODS } from "./tournaments-plain";

export * from "./tournaments-plain";

/** GET /api/tournaments/{gameId}?period=daily|weekly. */
export const TournamentQuerySchema = z.object({
  period: z.enum(PERIODS, { error: "period must be daily or weekly" }),
});
