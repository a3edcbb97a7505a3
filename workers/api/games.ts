import { z } from "zod";
import { idSchema } from "#contract/ids";
import { boundedString, jsonId } from "#contract/input";
import { forbidden } from "../services/errors";
import {
  createRouter,
  optionalUser,
  parseInput,
  readJson,
  requireUser,
} from "./hono";

const bodyId = jsonId;

const publishedQuery = z.object({
  // SPEC.md §7: the user id may be empty.
  user: boundedString(15, "Invalid user id")
    .regex(/^([1-9]\d{0,14})?$/, "Invalid user id")
    .optional(),
});
const LikeSchema = z.object({
  game_id: bodyId("game"),
  user_id: bodyId("user"),
  type: z.enum(["like", "dislike"], { error: "type must be like or dislike" }),
});
const RateSchema = z.object({
  game: bodyId("game"),
  value: z
    .number({ error: "Please choose 1 to 5 stars" })
    .int("Please choose 1 to 5 stars")
    .min(1, "Please choose 1 to 5 stars")
    .max(5, "Please choose 1 to 5 stars"),
});
const SaveSchema = z.object({
  game_id: bodyId("game"),
  saved: z.boolean({ error: "saved must be true or false" }),
});

/** A signed-in viewer (optionalUser) sees is_liked, is_saved and my_rating on lists and games. */
export const gamesRouter = createRouter()
  .get("/published", optionalUser, async (c) => {
    parseInput(publishedQuery, c.req.query());
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
  .get("/:id", optionalUser, async (c) => {
    const id = parseInput(idSchema("game"), c.req.param("id"));
    return c.json(await c.var.services.games.getGame(id, c.var.viewer?.id));
  });
