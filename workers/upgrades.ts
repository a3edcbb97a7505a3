import type { Context } from "hono";
import type { AppEnv } from "./api/hono";
import type { Services } from "./context";
import { hubOf, roomOf, trustedUpgrade } from "./durable-objects/hubs";
import { isForeignOrigin } from "./origin";
import { forbidden, notFound, unauthorized } from "./services/errors";
import { sessionKeyOf, tokenFromRequest } from "./services/sessions";
import { createRouter } from "./api/hono";
import { ROOM_ID_PATTERN } from "#contract/protocol";

/**
 * A socket upgrade: a browser always names the page's origin, so one from another site is refused like any other
 * cross-site write would be; then the session, whose key tags the socket so log-out can close it.
 */
async function authenticateUpgrade(request: Request, services: Services) {
  if (isForeignOrigin(request))
    throw forbidden("This connection came from another site and was refused");
  const token = tokenFromRequest(request);
  const user = await services.sessions.userForToken(token);
  if (!user || !token) throw unauthorized();
  return { user, sessionKey: await sessionKeyOf(token) };
}

/** A plain request to a socket's address is told to upgrade, before anything else is checked. */
const upgradeRequired = (c: Context<AppEnv>) =>
  c.req.header("Upgrade")?.toLowerCase() !== "websocket"
    ? c.json(
        {
          error: {
            code: "upgrade_required",
            message: "Connect with a WebSocket",
          },
        },
        426,
      )
    : null;

/** `/ws`, the user's socket to their UserHub, and `/ws/room/:roomId`, a match's socket to its MatchRoom. */
export const socketsRouter = createRouter()
  .get("/", async (c) => {
    const refused = upgradeRequired(c);
    if (refused) return refused;
    const { user, sessionKey } = await authenticateUpgrade(
      c.req.raw,
      c.var.services,
    );
    // A fresh header set: the hub trusts USER_ID_HEADER, so a client must never be able to supply it.
    return hubOf(c.env, user.id).fetch(
      trustedUpgrade(c.req.url, user.id, sessionKey),
    );
  })
  .get("/room/:roomId", async (c) => {
    const refused = upgradeRequired(c);
    if (refused) return refused;
    const roomId = c.req.param("roomId");
    if (!ROOM_ID_PATTERN.test(roomId)) throw notFound("Unknown room");
    const { user, sessionKey } = await authenticateUpgrade(
      c.req.raw,
      c.var.services,
    );
    // The room refuses anyone who is not one of its players (403), and an unknown room (404), before accepting.
    const upgraded = await roomOf(c.env, roomId).fetch(
      trustedUpgrade(c.req.url, user.id, sessionKey),
    );
    // The hub remembers the room, so that logging out closes this socket too.
    if (upgraded.status === 101)
      c.executionCtx.waitUntil(hubOf(c.env, user.id).noteRoom(roomId));
    return upgraded;
  });
