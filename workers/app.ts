import { api } from "./api";
import { cardsRouter } from "./cards/routes";
import { serveMedia } from "./media";
import { isGamesOrigin, serveGamesOrigin } from "./games-origin";
import { createWorkerApp } from "./middleware";
import { renderPage } from "./pages";
import { scheduled } from "./scheduled";
import { socketsRouter } from "./upgrades";

export { UserHub } from "./durable-objects/UserHub";
export { Lobby } from "./durable-objects/Lobby";
export { Referee } from "./durable-objects/Referee";
export { CardPainter } from "./durable-objects/CardPainter";
export { CardDealer } from "./durable-objects/CardDealer";
export { MatchRoom } from "./durable-objects/MatchRoom";
export { Conversation } from "./durable-objects/Conversation";

/**
 * Pages only: the same middleware and the same Remix handler as `app`, without matching the API's hundred routes
 * first (issue #20: a page's render is measured against a static file; routing it through `app` cost a tenth of it).
 */
const pages = createWorkerApp().all("*", renderPage);

const app = createWorkerApp()
  .route("/api", api)
  .route("/ws", socketsRouter)
  .on(["GET", "HEAD"], "/media/*", (c) =>
    serveMedia(
      c.req.raw,
      c.env.MEDIA,
      decodeURIComponent(c.req.path.slice("/media/".length)),
    ),
  )
  // Shared scores', posts' and developers' games' cards (ADR 017); other paths under /cards/ are static files.
  .route("/cards", cardsRouter)
  .all("*", renderPage);

/** Paths `app` answers itself; every other path is a page, which `pages` answers the same way. */
const OWN_PREFIXES = [
  "/api",
  "/ws",
  "/media/",
  "/cards/scores/",
  "/cards/posts/",
  "/cards/developer-games/",
];
const isPagePath = (path: string) =>
  !OWN_PREFIXES.some((prefix) => path.startsWith(prefix));

function fetchHandler(request: Request, env: Env, ctx: ExecutionContext) {
  // Developers' games (ADR 039): their own site, which answers nothing else.
  // One parse of the address a request (issue #36: a page's render is measured against a static file).
  const url = new URL(request.url);
  if (isGamesOrigin(url, env)) return serveGamesOrigin(request, env);
  return (isPagePath(url.pathname) ? pages : app).fetch(request, env, ctx);
}

export default {
  fetch: fetchHandler,
  scheduled,
} satisfies ExportedHandler<Env>;
