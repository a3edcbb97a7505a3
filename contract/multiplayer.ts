import { z } from "zod";
import { idValueSchema } from "./ids";

/** SPEC.md §7 POST /multiplayer/join: the caller, and the game whose lobby they join. */
export const JoinSchema = z.object({
  userId: idValueSchema("user"),
  gameId: idValueSchema("game"),
});

/** POST /multiplayer/leave: quit the game's lobby on the waiting screen. */
export const LeaveSchema = z.object({ gameId: idValueSchema("game") });

/** POST /multiplayer/bot-result: a round played against a bot, by its play session. */
export const BotResultSchema = z.object({
  stats_id: idValueSchema("play session"),
  bot_id: idValueSchema("bot"),
});
