import { idSchema } from "#contract/ids";
import { VISITOR_ROUND_MESSAGES } from "#contract/visitor-rounds";
import { ApiError } from "../services/errors";
import { clientAddress } from "../services/rate-limits";
import {
  createRouter,
  optionalUser,
  parseInput,
  readJson,
  requireUser,
} from "./hono";

/**
 * A visitor's round (issue #21): POST deals its seed and claim token, PUT /{id} keeps its log when it ends, and
 * POST /{id}/claim makes it the signed-in caller's round. The token in the body is what proves the round is theirs.
 */
export const visitorRoundsRouter = createRouter()
  .post("/", optionalUser, async (c) => {
    if (c.var.viewer)
      throw new ApiError(409, "signed_in", VISITOR_ROUND_MESSAGES.signedIn);
    return c.json(
      await c.var.services.visitorRounds.start(
        clientAddress(c.req.raw),
        await readJson(c.req.raw),
      ),
      201,
    );
  })
  .put("/:id", async (c) => {
    const id = parseInput(idSchema("round"), c.req.param("id"));
    return c.json(
      await c.var.services.visitorRounds.finish(
        id,
        await readJson(c.req.raw),
        clientAddress(c.req.raw),
      ),
    );
  })
  // ADR 014, "Hidden information": the face of a card turned in a visitor's Memory Match round.
  .post("/:id/reveal", async (c) => {
    const id = parseInput(idSchema("round"), c.req.param("id"));
    return c.json(
      await c.var.services.visitorRounds.reveal(
        id,
        await readJson(c.req.raw),
        clientAddress(c.req.raw),
      ),
    );
  })
  .post("/:id/claim", requireUser, async (c) => {
    const id = parseInput(idSchema("round"), c.req.param("id"));
    return c.json(
      await c.var.services.visitorRounds.claim(
        c.var.user.id,
        id,
        await readJson(c.req.raw),
        clientAddress(c.req.raw),
      ),
    );
  });
