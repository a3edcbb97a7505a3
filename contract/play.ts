import { z } from "zod";
import { idValueSchema } from "./ids";
import { movesSchema, playTimeValue } from "./scores";

/** SPEC.md §7 PUT /gamestats/{id} (play_time): how long the play session was played. */
export const EndSessionSchema = z.object({ play_time: playTimeValue });

/** SPEC.md §7 POST /player-move (game_id, moves, player_id): a scored round's timeline. */
export const PlayerMovesSchema = z.object({
  game_id: idValueSchema("game"),
  player_id: idValueSchema("player"),
  stats_id: idValueSchema("play session").optional(),
  moves: movesSchema,
});
