import { idSchema } from "../../app/lib/ids";
import { createRouter, parseInput } from "./hono";

export const scoresRouter = createRouter()
  .get("/:gameId", async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    return c.json(await c.var.services.scores.leaderboard(gameId));
  })
  .get("/:gameId/:userId", async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    const userId = parseInput(idSchema("user"), c.req.param("userId"));
    return c.json(await c.var.services.scores.highScore(gameId, userId));
  });
