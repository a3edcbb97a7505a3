import { z } from "zod";
import { MAX_SCORE } from "./scores";
import {
  messageId,
  pingEventSchema,
  socketProtocol,
  type END_NORMAL,
  type END_OPPONENT_LEFT,
  type FrameEvent,
} from "./protocol";

/**
 * A match's room socket (`roomSocketPath(roomId)`, the room's MatchRoom, ADR 003 and 007): live scores, a player
 * leaving, the end. The address names the room and the session names the player, so no frame carries either: a frame
 * that does is refused, as is any field the event does not take.
 */

const score = z.number().int().min(0).max(MAX_SCORE);

/** Room data takes only its own fields: a room or user id in it is a client that has not caught up (ADR 007). */
const roomData = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `the room socket's address names the room and the session the player; leave out ${issue.keys.join(", ")}`
        : undefined,
  });

const roomClientEventSchema = z.discriminatedUnion("event", [
  pingEventSchema,
  /** The sender's live score, relayed to the opponent. */
  z.object({
    event: z.literal("game_data"),
    id: messageId,
    data: roomData({ score }),
  }),
  /** The sender leaves the match (SPEC.md §7 exit_game_room); its score is shown, never stored: the result takes the session's. */
  z.object({
    event: z.literal("exit_game_room"),
    id: messageId,
    data: roomData({ score }),
  }),
  /** The sender's round is over and its score submitted (POST /api/scores) for the play session statsId. */
  z.object({
    event: z.literal("end_game"),
    id: messageId,
    data: roomData({ statsId: z.number().int().positive() }),
  }),
]);

export type RoomClientEvent = z.infer<typeof roomClientEventSchema>;

export const ROOM_SOCKET = socketProtocol(
  roomClientEventSchema,
  "Match events go on the room socket (/ws/room/{roomId})",
);

export type RoomServerEvent =
  | FrameEvent
  /** The opponent's live score. */
  | { event: "game_data"; data: { userId: number; score: number } }
  /** The opponent left (or was gone past the grace) with this score. */
  | { event: "exit_game_room"; data: { userId: number; score: number } }
  /** Everybody is done; the result is stored under resultId. */
  | {
      event: "end_game";
      data: {
        status: typeof END_NORMAL | typeof END_OPPONENT_LEFT;
        resultId: number;
      };
    };
