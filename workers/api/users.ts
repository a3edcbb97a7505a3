import { PlayedSchema } from "#contract/games";
import { idSchema } from "#contract/ids";
import { ProfileSchema } from "#contract/validation";
import { toPublicProfile, toUserData } from "../services/accounts";
import { hubOf } from "../durable-objects/hubs";
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
    const payload = await readJson(c.req.raw);
    const signedIn = await c.var.services.auth.signUp(payload, c.req.raw);
    const invite = (payload as { invite?: unknown }).invite;
    if (typeof invite === "string")
      await c.var.services.social.acceptInvite(signedIn.user._id, invite);
    return c.json(signedIn, 201);
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
  .get("/me", async (c) => {
    const user = await requireUser(c.var.services, c.req.raw);
    return c.json(toUserData(user));
  })
  .get("/profile/:id", async (c) => {
    const id = parseInput(idSchema("user"), c.req.param("id"));
    return c.json(toPublicProfile(await c.var.services.accounts.getUser(id)));
  })
  // SPEC.md §7 POST /user/play (game, type): feeds Recently Played.
  .post("/play", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const { game, type } = parseInput(PlayedSchema, await readJson(c.req.raw));
    await c.var.services.games.recordPlay(caller.id, game, type);
    return c.json({ ok: true });
  })
  .put("/profile", async (c) => {
    const caller = await requireUser(c.var.services, c.req.raw);
    const input = parseFields(ProfileSchema, await readJson(c.req.raw));
    const updated = await c.var.services.accounts.updateProfile(caller, input);
    // The player's hub keeps their name for chat messages: a new name shows on the next one.
    if (updated.name !== caller.name)
      await hubOf(c.env, caller.id).forgetChatPeers("all");
    return c.json(toUserData(updated));
  });
