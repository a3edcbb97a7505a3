import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono, type Handler, type MiddlewareHandler } from "hono";
// @ts-expect-error: `remix vite:build` writes the server build as plain JavaScript, without types.
import * as serverBuild from "../build/server";
import { api, apiErrorResponse } from "./api";
import type { AppEnv } from "./api/hono";
import { createLoadContext, createServices, type Services } from "./context";
import { bookmarkCookie, bookmarkFrom, sessionFor } from "./d1-session";
import { hubOf, roomOf, trustedUpgrade } from "./durable-objects/hubs";
import { serveMedia } from "./media";
import { isForeignOrigin, isForeignWrite } from "./origin";
import { withPageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";
import { forbidden, notFound, unauthorized } from "./services/errors";
import { sessionKeyOf, tokenFromRequest } from "./services/sessions";
import { ROOM_ID_PATTERN } from "#contract/protocol";

export { UserHub } from "./durable-objects/UserHub";
export { Lobby } from "./durable-objects/Lobby";
export { Referee } from "./durable-objects/Referee";
export { CardPainter } from "./durable-objects/CardPainter";
export { CardDealer } from "./durable-objects/CardDealer";
export { MatchRoom } from "./durable-objects/MatchRoom";
export { Conversation } from "./durable-objects/Conversation";

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

const handleRemix = createRequestHandler(
  // The untyped import is `any` to the linter but an error type to tsc, hence the double cast.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  serverBuild as unknown as ServerBuild,
  import.meta.env?.MODE,
);

/** Refuses cross-site writes, then gives the request its services over its own D1 session (ADR 022). */
const withServices: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isForeignWrite(c.req.raw))
    throw forbidden("This request came from another site and was refused");
  const bookmark = bookmarkFrom(c.req.raw);
  const session = sessionFor(c.env.DB, c.req.method, bookmark);
  c.set("services", createServices(c.env, new URL(c.req.url).origin, session));
  await next();
  const cookie = bookmarkCookie(c.req.raw, session, bookmark);
  // A WebSocket upgrade's headers cannot change; it wrote nothing to hand back.
  if (cookie && c.res.status !== 101)
    c.header("Set-Cookie", cookie, { append: true });
};

/** A page: Remix renders it, or the edge's page cache answers an anonymous view of a public one. */
const renderPage: Handler<AppEnv> = (c) => {
  const nonce = c.get("secureHeadersNonce");
  return withPageCache(c.req.raw, c.executionCtx, nonce, () =>
    handleRemix(
      c.req.raw,
      createLoadContext(c.env, c.executionCtx, c.var.services, nonce),
    ),
  );
};

/**
 * Pages only: the same middleware and the same Remix handler as `app`, without matching the API's hundred routes
 * first (issue #20: a page's render is measured against a static file; routing it through `app` cost a tenth of it).
 */
const pages = new Hono<AppEnv>()
  .use("*", securityHeaders)
  .use("*", withServices)
  .all("*", renderPage)
  .onError((error) => apiErrorResponse(error));

/** A drawn card (a shared score's, a post's) as the Worker serves it: a day in any cache, no body for HEAD. */
function cardResponse(method: string, png: Uint8Array<ArrayBuffer>): Response {
  return new Response(method === "HEAD" ? null : png, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Paths `app` answers itself; every other path is a page, which `pages` answers the same way. */
const OWN_PREFIXES = [
  "/api",
  "/ws",
  "/media/",
  "/cards/scores/",
  "/cards/posts/",
];
const isPagePath = (path: string) =>
  !OWN_PREFIXES.some((prefix) => path.startsWith(prefix));

const app = new Hono<AppEnv>()
  // First, so error answers of the middleware below get the headers too.
  .use("*", securityHeaders)
  .use("*", withServices)
  .route("/api", api)
  .get("/ws", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      return c.json(
        {
          error: {
            code: "upgrade_required",
            message: "Connect with a WebSocket",
          },
        },
        426,
      );
    }
    const { user, sessionKey } = await authenticateUpgrade(
      c.req.raw,
      c.var.services,
    );
    // A fresh header set: the hub trusts USER_ID_HEADER, so a client must never be able to supply it.
    return hubOf(c.env, user.id).fetch(
      trustedUpgrade(c.req.url, user.id, sessionKey),
    );
  })
  .get("/ws/room/:roomId", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      return c.json(
        {
          error: {
            code: "upgrade_required",
            message: "Connect with a WebSocket",
          },
        },
        426,
      );
    }
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
  })
  .on(["GET", "HEAD"], "/media/*", (c) =>
    serveMedia(
      c.req.raw,
      c.env.MEDIA,
      decodeURIComponent(c.req.path.slice("/media/".length)),
    ),
  )
  // A shared score's card (ADR 017); the catalogue's and the site's own cards are static files under /cards/.
  .on(["GET", "HEAD"], "/cards/scores/:file", async (c) => {
    const [, id] = /^([A-Za-z0-9]{12})\.png$/.exec(c.req.param("file")) ?? [];
    if (!id) throw notFound("Card not found");
    // A share never changes; a day keeps a deleted one from lingering long in caches.
    return cardResponse(c.req.method, await c.var.services.shares.card(id));
  })
  // A published blog post's card, at an address that changes with each edit (ADR 017).
  .on(["GET", "HEAD"], "/cards/posts/:file", async (c) => {
    const card = await c.var.services.cards.postCard(c.req.param("file"));
    if (card.kind === "moved")
      return new Response(null, {
        status: 302,
        headers: {
          Location: card.path,
          "Cache-Control": "public, max-age=300",
        },
      });
    // A version never changes; a day keeps a post taken back to draft from lingering long in caches.
    return cardResponse(c.req.method, card.png);
  })
  .all("*", renderPage)
  .onError((error) => apiErrorResponse(error));

function fetchHandler(request: Request, env: Env, ctx: ExecutionContext) {
  const path = new URL(request.url).pathname;
  return (isPagePath(path) ? pages : app).fetch(request, env, ctx);
}

export default {
  fetch: fetchHandler,
  /**
   * The cron trigger (wrangler.toml): challenges nobody took up in time get their escrow back; spent rate limits go;
   * daily and weekly tournaments whose period ended are closed and paid, and closed boards' rows deleted (ADR 027).
   */
  scheduled(_controller, env, ctx) {
    const services = createServices(env);
    const work = Promise.all([
      services.challenges
        .settleAbandoned()
        .then(() => services.challenges.expireDue()),
      services.limits.sweep(),
      services.visitorRounds.sweep(),
      services.friendMatches.sweep(),
      services.tournaments
        .closeDue()
        .then(() => services.tournaments.purgeClosed()),
    ]);
    ctx.waitUntil(work);
    // Returned too, so that wrangler's `/__scheduled` (`npm run cron`) answers once the work is done, not before.
    return work.then(() => undefined);
  },
} satisfies ExportedHandler<Env>;
