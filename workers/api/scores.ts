import { idSchema } from "#contract/ids";
import { LEADERBOARD_SIZE, LeaderboardQuerySchema } from "#contract/scores";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

export const scoresRouter = createRouter()
  // SPEC.md §7 POST /scores (score, player_id, game_id), plus the play session and the round's moves.
  .post("/", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    return c.json(
      await c.var.services.play.submitScore(
        caller.id,
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  // ?scope=following: only the signed-in caller and the people they follow.
  .get("/:gameId", async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    const { scope } = parseInput(LeaderboardQuerySchema, c.req.query());
    if (scope === "following") {
      const caller = await requireUser(c.var.services, c.req.raw);
      return c.json(
        await c.var.services.scores.leaderboard(
          gameId,
          LEADERBOARD_SIZE,
          caller.id,
        ),
      );
    }
    return c.json(await c.var.services.scores.leaderboard(gameId));
  })
  .get("/:gameId/:userId", async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    const userId = parseInput(idSchema("user"), c.req.param("userId"));
    return c.json(await c.var.services.scores.highScore(gameId, userId));
  });
