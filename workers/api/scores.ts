import { idSchema } from "#contract/ids";
import { LEADERBOARD_SIZE, LeaderboardQuerySchema } from "#contract/scores";
import { unauthorized } from "../services/errors";
import { clientAddress } from "../services/rate-limits";
import {
  createRouter,
  optionalUser,
  parseInput,
  readJson,
  requireUser,
} from "./hono";

export const scoresRouter = createRouter()
  // SPEC.md §7 POST /scores (score, player_id, game_id), extended to end a round in one request (contract/scores.ts).
  .post("/", requireUser, async (c) => {
    const caller = c.var.user;
    return c.json(
      await c.var.services.play.submitRound(
        caller.id,
        await readJson(c.req.raw),
        clientAddress(c.req.raw),
      ),
      201,
    );
  })
  // ?scope=following: only the signed-in caller and the people they follow.
  .get("/:gameId", optionalUser, async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    const { scope } = parseInput(LeaderboardQuerySchema, c.req.query());
    if (scope === "following") {
      // Only this scope is about the caller; everyone's board serves visitors too.
      if (!c.var.viewer) throw unauthorized();
      return c.json(
        await c.var.services.scores.leaderboard(
          gameId,
          LEADERBOARD_SIZE,
          c.var.viewer.id,
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

/**
 * GET /api/runs/{runId}: a replayed run (seed and input log), public like the boards that link to it, except a
 * challenge's or private match's, which only its players get (anyone else: 404).
 */
export const runsRouter = createRouter().get("/:runId", optionalUser, (c) =>
  c.var.services.runLogs
    .run(c.req.param("runId"), c.var.viewer?.id ?? null)
    .then((run) => c.json(run)),
);

/** GET /api/tournaments/{gameId}?period=daily|weekly: the period's board, the caller's place and last period's winners. */
export const tournamentsRouter = createRouter().get(
  "/:gameId",
  optionalUser,
  async (c) => {
    const gameId = parseInput(idSchema("game"), c.req.param("gameId"));
    return c.json(
      await c.var.services.tournaments.board(
        gameId,
        c.req.query(),
        c.var.viewer?.id ?? null,
      ),
    );
  },
);
