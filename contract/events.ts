import { z } from "zod";

/** SPEC.md §7 analytics events. */
const EVENT_NAMES = [
  "SignUpOpen",
  "SignUpSuccess",
  "LikeGame",
  "view_game_details",
  "start_game_play",
  "ad_break_requested",
  "game_error",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

const gameId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Issue #33: the events a game's developers see on its dashboard, stored with their game. Their data is checked
 * field by field, each bounded, so a page (or a script) cannot fill a developer's numbers with anything else.
 */
export const GAME_EVENT_DATA = {
  /** SPEC.md §7's start of a game, `{ game }`: a visitor's start is their play on the dashboard of a game whose
   * visitors' rounds are not kept (an uploaded or linked one). */
  start_game_play: z.strictObject({ game: gameId }),
  ad_break_requested: z.strictObject({
    gameId,
    kind: z.enum(["interstitial", "rewarded"]),
  }),
  game_error: z.strictObject({
    gameId,
    message: z.string().max(500),
    file: z.string().max(500).optional(),
    line: z.number().int().nonnegative().max(10_000_000).optional(),
  }),
} as const;

export type GameEventName = keyof typeof GAME_EVENT_DATA;

export function isGameEvent(name: EventName): name is GameEventName {
  return name in GAME_EVENT_DATA;
}

/** At most this many of each game event one page load sends: a game that throws in a loop reports a few, not all. */
export const GAME_EVENTS_PER_PAGE = 20;

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

/** The game an event of a game is about. */
export function eventGame(name: GameEventName, data: unknown): number {
  const parsed = GAME_EVENT_DATA[name].parse(data);
  return "game" in parsed ? parsed.game : parsed.gameId;
}
