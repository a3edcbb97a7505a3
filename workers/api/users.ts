import { PlayedSchema } from "#contract/games";
import { idSchema } from "#contract/ids";
import { ProfileSchema } from "#contract/validation";
import { toPublicProfile, toUserData } from "../services/accounts";
import { tokenFromRequest } from "../services/sessions";
import {
  createRouter,
  parseFields,
  parseInput,
  readJson,
  requireUser,
} from "./hono";

export const usersRouter = createRouter()
  // Sign-up: SPEC.md §3 payload, Pwd_Hash carrying the password.
  .post("/", async (c) => {
    return c.json(
      await c.var.services.auth.signUp(await readJson(c.req.raw), c.req.raw),
      201,
    );
  })
  .post("/login", async (c) => {
    return c.json(
      await c.var.services.auth.logIn(await readJson(c.req.raw), c.req.raw),
    );
  })
  .post("/login/google", async (c) => {
    return c.json(
      await c.var.services.auth.logInWithGoogle(
        await readJson(c.req.raw),
        c.req.raw,
      ),
    );
  })
  .post("/logout", async (c) => {
    await c.var.services.sessions.revoke(tokenFromRequest(c.req.raw));
    return c.body(null, 204);
  })
  .get("/me", requireUser, (c) => c.json(toUserData(c.var.user)))
  .get("/profile/:id", async (c) => {
    const id = parseInput(idSchema("user"), c.req.param("id"));
    return c.json(toPublicProfile(await c.var.services.accounts.getUser(id)));
  })
  // SPEC.md §7 POST /user/play (game, type): feeds Recently Played.
  .post("/play", requireUser, async (c) => {
    const { game, type } = parseInput(PlayedSchema, await readJson(c.req.raw));
    await c.var.services.games.recordPlay(c.var.user.id, game, type);
    return c.json({ ok: true });
  })
  .put("/profile", requireUser, async (c) => {
    const input = parseFields(ProfileSchema, await readJson(c.req.raw));
    return c.json(
      toUserData(
        await c.var.services.accounts.updateProfile(c.var.user, input),
      ),
    );
  });
