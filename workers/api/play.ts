import { idSchema } from "#contract/ids";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

/** SPEC.md §7 POST /gamestats (game_id, game_type) and PUT /gamestats/{id} (play_time): the play session. */
export const gameStatsRouter = createRouter()
  .post("/", requireUser, async (c) => {
    return c.json(
      await c.var.services.play.startSession(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  // ADR 014, "Hidden information": the face of a card turned in a Memory Match round.
  .post("/:id/reveal", requireUser, async (c) => {
    const id = parseInput(idSchema("play session"), c.req.param("id"));
    return c.json(
      await c.var.services.cardFaces.reveal(
        c.var.user.id,
        id,
        await readJson(c.req.raw),
      ),
    );
  })
  .put("/:id", requireUser, async (c) => {
    const id = parseInput(idSchema("play session"), c.req.param("id"));
    return c.json(
      await c.var.services.play.endSession(
        c.var.user.id,
        id,
        await readJson(c.req.raw),
      ),
    );
  });

/** SPEC.md §7 POST /player-move (game_id, moves, player_id): a scored round's timeline; GET: a bot to play. */
export const playerMoveRouter = createRouter()
  .post("/", requireUser, async (c) => {
    return c.json(
      await c.var.services.play.recordMoves(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  // SPEC.md §7 GET /player-move/{id}: bot data from a real recorded run of another player (no moves when none).
  .get("/:gameId", requireUser, async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    await c.var.services.multiplayer.assertMultiplayerGame(gameId);
    return c.json(
      await c.var.services.multiplayer.botFor(gameId, c.var.user.id),
    );
  });
