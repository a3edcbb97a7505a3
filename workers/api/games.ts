import {
  LikeSchema,
  PublishedQuerySchema,
  RateSchema,
  SaveSchema,
} from "#contract/games";
import { PutGameDataSchema } from "#contract/game-data";
import { idSchema } from "#contract/ids";
import { forbidden } from "../services/errors";
import {
  createRouter,
  optionalUser,
  parseInput,
  readJson,
  requireUser,
} from "./hono";

export const gamesRouter = createRouter()
  .get("/published", optionalUser, async (c) => {
    parseInput(PublishedQuerySchema, c.req.query());
    return c.json(await c.var.services.games.listPublished(c.var.viewer?.id));
  })
  .get("/liked", requireUser, async (c) => {
    const caller = c.var.user;
    const user = c.req.query("user");
    if (
      user !== undefined &&
      user !== "" &&
      parseInput(idSchema("user"), user) !== caller.id
    ) {
      throw forbidden("You can only see your own liked games");
    }
    return c.json(await c.var.services.games.listLiked(caller.id));
  })
  .get("/saved", requireUser, async (c) => {
    return c.json(await c.var.services.games.listSaved(c.var.user.id));
  })
  .get("/recent", requireUser, async (c) => {
    return c.json(await c.var.services.games.listRecent(c.var.user.id));
  })
  .post("/like", requireUser, async (c) => {
    const caller = c.var.user;
    const { game_id, user_id, type } = parseInput(
      LikeSchema,
      await readJson(c.req.raw),
    );
    if (user_id !== caller.id)
      throw forbidden("You can only like games for yourself");
    return c.json(
      await c.var.services.games.setLiked(caller.id, game_id, type === "like"),
    );
  })
  .post("/rate", requireUser, async (c) => {
    const { game, value } = parseInput(RateSchema, await readJson(c.req.raw));
    return c.json(await c.var.services.games.rate(c.var.user.id, game, value));
  })
  .post("/save", requireUser, async (c) => {
    const { game_id, saved } = parseInput(
      SaveSchema,
      await readJson(c.req.raw),
    );
    return c.json(
      await c.var.services.games.setSaved(c.var.user.id, game_id, saved),
    );
  })
  .get("/publisher/:id", optionalUser, async (c) => {
    const id = parseInput(idSchema("publisher"), c.req.param("id"));
    return c.json(
      await c.var.services.games.listByPublisher(id, c.var.viewer?.id),
    );
  })
  // The player's data for one game (ADR 031): what the game keeps through sdk.storage, per player.
  .get("/:id/data", requireUser, async (c) => {
    const id = parseInput(idSchema("game"), c.req.param("id"));
    return c.json(await c.var.services.gameData.read(c.var.user.id, id));
  })
  .put("/:id/data", requireUser, async (c) => {
    const id = parseInput(idSchema("game"), c.req.param("id"));
    const { data } = parseInput(PutGameDataSchema, await readJson(c.req.raw));
    return c.json(await c.var.services.gameData.write(c.var.user.id, id, data));
  })
  .get("/:id", optionalUser, async (c) => {
    const id = parseInput(idSchema("game"), c.req.param("id"));
    return c.json(await c.var.services.games.getGame(id, c.var.viewer?.id));
  });
