import { createRouter } from "../api/hono";
import { notFound } from "../services/errors";
import type { PostCardAnswer } from "../services/cards";

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

/** The drawn cards under `/cards`; the catalogue's and the site's own cards are static files beside them. */
export const cardsRouter = createRouter()
  // A shared score's card (ADR 017).
  .on(["GET", "HEAD"], "/scores/:file", async (c) => {
    const [, id] = /^([A-Za-z0-9]{12})\.png$/.exec(c.req.param("file")) ?? [];
    if (!id) throw notFound("Card not found");
    // A share never changes; a day keeps a deleted one from lingering long in caches.
    return cardResponse(c.req.method, await c.var.services.shares.card(id));
  })
  // A published blog post's card, at an address that changes with each edit (ADR 017).
  .on(["GET", "HEAD"], "/posts/:file", async (c) =>
    drawnCard(
      c.req.method,
      await c.var.services.cards.postCard(c.req.param("file")),
    ),
  )
  // A developer's game's card, at an address that changes with its name, category and art (issue #33).
  .on(["GET", "HEAD"], "/developer-games/:file", async (c) =>
    drawnCard(
      c.req.method,
      await c.var.services.cards.developerGameCard(c.req.param("file")),
    ),
  );

/** A kept card, or the address of the current one. */
function drawnCard(method: string, card: PostCardAnswer): Response {
  if (card.kind === "moved")
    return new Response(null, {
      status: 302,
      headers: {
        Location: card.path,
        "Cache-Control": "public, max-age=300",
      },
    });
  // A version never changes; a day keeps a post taken back to draft (or a game unpublished) from lingering long.
  return cardResponse(method, card.png);
}
