import { z } from "zod";
import { idSchema } from "#contract/ids";
import { LikeSchema, RateSchema, SaveSchema } from "#contract/games";
import { boundedString } from "#contract/input";
import type { Services } from "../context";
import { forbidden } from "../services/errors";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

const publishedQuery = z.object({
  // SPEC.md §7: the user id may be empty.
  user: boundedString(15, "Invalid user id")
    .regex(/^([1-9]\d{0,14})?$/, "Invalid user id")
    .optional(),
});
/** The caller's id when signed in: lists and games then carry is_liked, is_saved and my_rating. */
const viewerId = async (c: {
  var: { services: Services };
  req: { raw: Request };
}) => (await c.var.services.sessions.userForRequest(c.req.raw))?.id;

export const gamesRouter = createRouter()
  .get("/published", async (c) => {
    parseInput(publishedQuery, c.req.query());
    return c.json(await c.var.services.games.listPublished(await viewerId(c)));
  })
  .get("/liked", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
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
  .get("/saved", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    return c.json(await c.var.services.games.listSaved(caller.id));
  })
  .get("/recent", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    return c.json(await c.var.services.games.listRecent(caller.id));
  })
  .post("/like", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
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
  .post("/rate", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const { game, value } = parseInput(RateSchema, await readJson(c.req.raw));
    return c.json(await c.var.services.games.rate(caller.id, game, value));
  })
  .post("/save", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const { game_id, saved } = parseInput(
      SaveSchema,
      await readJson(c.req.raw),
    );
    return c.json(
      await c.var.services.games.setSaved(caller.id, game_id, saved),
    );
  })
  .get("/publisher/:id", async (c) => {
    const id = parseInput(idSchema("publisher"), c.req.param("id"));
    return c.json(
      await c.var.services.games.listByPublisher(id, await viewerId(c)),
    );
  })
  .get("/:id", async (c) => {
    const id = parseInput(idSchema("game"), c.req.param("id"));
    return c.json(await c.var.services.games.getGame(id, await viewerId(c)));
  });
