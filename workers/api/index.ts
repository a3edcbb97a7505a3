import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { ApiError, notFound } from "../services/errors";
import { blogRouter } from "./blog";
import { challengeRouter, notificationsRouter, walletRouter } from "./coins";
import { eventsRouter } from "./events";
import { friendMatchesRouter } from "./friend-matches";
import { gamesRouter } from "./games";
import { createRouter } from "./hono";
import { mediaRouter } from "./media";
import { multiplayerRouter } from "./multiplayer";
import { gameStatsRouter, playerMoveRouter } from "./play";
import { publishersRouter } from "./publishers";
import { pushRouter } from "./push";
import { runsRouter, scoresRouter, tournamentsRouter } from "./scores";
import { sessionRouter } from "./session";
import { sharesRouter } from "./shares";
import { chatRouter, socialRouter } from "./social";
import { usersRouter } from "./users";
import { visitorRoundsRouter } from "./visitor-rounds";

export const api = createRouter()
  .get("/health", async (c) => {
    await drizzle(c.env.DB).run(sql`select 1`);
    return c.json({ ok: true });
  })
  .route("/game", gamesRouter)
  .route("/publisher", publishersRouter)
  .route("/user", usersRouter)
  .route("/session", sessionRouter)
  .route("/media", mediaRouter)
  .route("/events", eventsRouter)
  .route("/scores", scoresRouter)
  .route("/runs", runsRouter)
  .route("/tournaments", tournamentsRouter)
  .route("/gamestats", gameStatsRouter)
  .route("/player-move", playerMoveRouter)
  .route("/multiplayer", multiplayerRouter)
  .route("/friend-matches", friendMatchesRouter)
  .route("/social", socialRouter)
  .route("/chat", chatRouter)
  .route("/wallet", walletRouter)
  .route("/challenge", challengeRouter)
  .route("/notifications", notificationsRouter)
  .route("/blog", blogRouter)
  .route("/shares", sharesRouter)
  .route("/visitor-rounds", visitorRoundsRouter)
  .route("/push", pushRouter)
  .all("*", (c) => {
    throw notFound(
      `No API endpoint ${c.req.method} ${new URL(c.req.url).pathname}`,
    );
  });

export function apiErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    return Response.json(error.toJSON(), {
      status: error.status,
      headers: error.headers,
    });
  }
  console.error(error);
  return Response.json(
    {
      error: {
        code: "internal",
        message: "Something went wrong on our side. Please try again.",
      },
    },
    { status: 500 },
  );
}
