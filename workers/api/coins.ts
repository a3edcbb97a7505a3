import { idSchema } from "#contract/ids";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

/** SPEC.md §7 POST /wallet (coins): only ever the claim of today's daily bonus, whose amount the server computes. */
export const walletRouter = createRouter()
  .get("/", requireUser, async (c) => {
    return c.json(await c.var.services.wallet.view(c.var.user.id));
  })
  .post("/", requireUser, async (c) => {
    const caller = c.var.user;
    return c.json(
      await c.var.services.wallet.claimDailyBonus(
        caller.id,
        await readJson(c.req.raw),
      ),
    );
  });

const challengeId = (value: string | undefined) =>
  parseInput(idSchema("challenge"), value);

/** SPEC.md §7 challenge calls: every one needs the caller to be one of the two players. */
export const challengeRouter = createRouter()
  .post("/", requireUser, async (c) => {
    const caller = c.var.user;
    await c.var.services.limits.hit("challengePerUser", caller.id);
    return c.json(
      await c.var.services.challenges.create(
        caller.id,
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  .get("/all", requireUser, async (c) => {
    return c.json(await c.var.services.challenges.all(c.var.user.id));
  })
  .post("/submit", requireUser, async (c) => {
    return c.json(
      await c.var.services.challenges.submit(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
    );
  })
  .post("/accept/:id", requireUser, async (c) => {
    return c.json(
      await c.var.services.challenges.accept(
        c.var.user.id,
        challengeId(c.req.param("id")),
      ),
    );
  })
  .post("/decline/:id", requireUser, async (c) => {
    return c.json({
      challenge: await c.var.services.challenges.decline(
        c.var.user.id,
        challengeId(c.req.param("id")),
      ),
    });
  })
  // SPEC.md §7: a list whose first entry is used.
  .get("/info/:id", requireUser, async (c) => {
    return c.json([
      await c.var.services.challenges.view(
        challengeId(c.req.param("id")),
        c.var.user.id,
      ),
    ]);
  })
  .get("/:id", requireUser, async (c) => {
    return c.json(
      await c.var.services.challenges.view(
        challengeId(c.req.param("id")),
        c.var.user.id,
      ),
    );
  });

export const notificationsRouter = createRouter()
  .get("/", requireUser, async (c) => {
    return c.json(
      await c.var.services.notifications.list(c.var.user.id, c.req.query()),
    );
  })
  .post("/read", requireUser, async (c) => {
    return c.json(
      await c.var.services.notifications.markRead(
        c.var.user.id,
        await readJson(c.req.raw),
      ),
    );
  });
