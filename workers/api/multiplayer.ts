import { idSchema } from "#contract/ids";
import { JoinSchema, LeaveSchema } from "#contract/multiplayer";
import { ROOM_ID_PATTERN } from "#contract/protocol";
import { forbidden, notFound } from "../services/errors";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

/** SPEC.md §7 POST /multiplayer/join and the rest of a match's HTTP side; the live part runs over /ws. */
export const multiplayerRouter = createRouter()
  .post("/join", requireUser, async (c) => {
    const caller = c.var.user;
    const { userId, gameId } = parseInput(
      JoinSchema,
      await readJson(c.req.raw),
    );
    if (userId !== caller.id)
      throw forbidden("You can only join a game yourself");
    const { multiplayer } = c.var.services;
    await multiplayer.assertMultiplayerGame(gameId);
    const joiner = await multiplayer.participantOf(caller.id);
    // The game's lobby, or its player's shard of it when the game is busy (ADR 025).
    return c.json(await c.var.services.lobbies.join(gameId, joiner));
  })
  // Quit on the waiting screen: stop waiting, so nobody is matched with a player who left.
  .post("/leave", requireUser, async (c) => {
    const { gameId } = parseInput(LeaveSchema, await readJson(c.req.raw));
    await c.var.services.lobbies.leave(gameId, c.var.user.id);
    return c.json({ ok: true });
  })
  .post("/bot-result", requireUser, async (c) => {
    return c.json(
      await c.var.services.multiplayer.recordBotResult(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  // A page that lost the match (a reload, a reopened tab) asks the room where it stands: to rejoin, or to say how it
  // ended. Only the room's players get an answer; anyone else learns nothing, not even that the room exists.
  .get("/room/:roomId", requireUser, async (c) => {
    const roomId = c.req.param("roomId");
    if (roomId.length > 64 || !ROOM_ID_PATTERN.test(roomId))
      throw notFound("Unknown room");
    const view = await c.var.services.rooms.viewFor(roomId, c.var.user.id);
    if (!view) throw notFound("Unknown room");
    return c.json(view);
  })
  .get("/result/:id", async (c) => {
    const id = parseInput(idSchema("match"), c.req.param("id"));
    return c.json(await c.var.services.multiplayer.summary(id));
  });
