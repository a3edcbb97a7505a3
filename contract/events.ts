import { z } from "zod";

/** SPEC.md §7 analytics events. */
const EVENT_NAMES = [
  "SignUpOpen",
  "SignUpSuccess",
  "LikeGame",
  "view_game_details",
  "start_game_play",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** POST /api/events. */
export const EventSchema = z.object({
  name: z.enum(EVENT_NAMES, { error: "Unknown event name" }),
  data: z
    .record(z.string(), z.unknown())
    .optional()
    .refine(
      (data) => !data || JSON.stringify(data).length <= 2048,
      "Event data may be at most 2 KB",
    ),
});
