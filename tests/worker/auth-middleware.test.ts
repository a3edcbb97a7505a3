import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#contract/types";
import { api } from "../../workers/api";
import { requireUser } from "../../workers/api/hono";
import { getJson } from "./helpers";

/** Routes that serve visitors too: everything else under /api must be behind `requireUser`. */
const VISITOR_ROUTES = [
  "GET /health",
  "GET /game/published",
  "GET /game/publisher/:id",
  "GET /game/:id",
  "GET /publisher/:id",
  "POST /user",
  "POST /user/login",
  "POST /user/login/google",
  "POST /user/logout",
  "GET /user/profile/:id",
  "PUT /media/upload/:token{[A-Za-z0-9_-]{43}}",
  "POST /events",
  "GET /scores/:gameId",
  "GET /scores/:gameId/:userId",
  "GET /runs/:runId",
  "GET /multiplayer/result/:id",
  "GET /blog/list/:clientId",
  "GET /blog/content/:id",
  "GET /blog/:title",
  "GET /tournaments/:gameId",
  // A visitor's round: dealt and ended without a session; its claim needs one (ADR 030).
  "POST /visitor-rounds",
  "PUT /visitor-rounds/:id",
  // A card's face in a visitor's Memory Match round: the round's token is the proof (ADR 014).
  "POST /visitor-rounds/:id/reveal",
  // Web Push: the public key, and a device removing its own subscription (its endpoint is the secret; ADR 029).
  "GET /push/key",
  "DELETE /push/subscription",
  "ALL /*",
];

const routeName = (route: { method: string; path: string }) =>
  `${route.method} ${route.path}`;
const routeNames = (routes: { method: string; path: string }[]) => [
  ...new Set(routes.map(routeName)),
];

const guarded = routeNames(
  api.routes.filter((route) => route.handler === requireUser),
);
const open = routeNames(api.routes).filter((name) => !guarded.includes(name));

/** A path of the route with every parameter filled in by a valid-looking id. */
const pathOf = (path: string) =>
  `/api${path.replace(/:\w+(\{[^}]*\})?/g, "1")}`;

describe("auth middleware", () => {
  it("puts every route that is not for visitors behind requireUser", () => {
    expect(guarded.length).toBeGreaterThan(40);
    expect(open.sort()).toEqual([...VISITOR_ROUTES].sort());
  });

  it.each(guarded)(
    "%s answers 401 without a session, before reading its input",
    async (name) => {
      const [method, path] = name.split(" ");
      const { status, body } = await getJson<ApiErrorBody>(pathOf(path), {
        method,
        headers: { Origin: "https://playfeed.test" },
      });
      expect(status).toBe(401);
      expect(body).toEqual({
        error: { code: "unauthorized", message: "Please log in to continue" },
      });
    },
  );

  it("answers 401 for an unknown or expired session too", async () => {
    const { status } = await getJson("/api/wallet", {
      headers: { Authorization: "Bearer not-a-session" },
    });
    expect(status).toBe(401);
  });

  it("asks for a session only for the leaderboard of the people one follows", async () => {
    expect((await getJson("/api/scores/1")).status).not.toBe(401);
    const following = await getJson<ApiErrorBody>(
      "/api/scores/1?scope=following",
    );
    expect(following.status).toBe(401);
    expect(following.body.error.message).toBe("Please log in to continue");
  });
});
