import { z } from "zod";
import { idSchema } from "#contract/ids";
import { LEADERBOARD_SIZE } from "../services/scores";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

const ScopeSchema = z.object({
  scope: z
    .enum(["everyone", "following"], {
      error: "scope must be everyone or following",
    })
    .default("everyone"),
});

export const scoresRouter = createRouter()
  // SPEC.md §7 POST /scores (score, player_id, game_id), extended to end a round in one request (contract/scores.ts).
  .post("/", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    return c.json(
      await c.var.services.play.submitRound(
        caller.id,
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  // ?scope=following: only the signed-in caller and the people they follow.
  .get("/:gameId", async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    const { scope } = parseInput(ScopeSchema, c.req.query());
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
