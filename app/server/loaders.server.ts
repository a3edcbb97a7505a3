import type { AppLoadContext } from "@remix-run/cloudflare";
import { idSchema } from "#contract/ids";
import type { Game, Publisher } from "#contract/types";
import { isApiError } from "./errors.server";

/** A 404 the root error boundary renders as the "Page not found" page; the body is shown as its message. */
export function notFoundResponse(message = "Not Found"): Response {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A path id that is not a row id cannot name anything: it is a missing page, not a server error. */
export function parseIdOr404(
  raw: string | undefined,
  label: string,
  message = "Page not found",
): number {
  const result = idSchema(label).safeParse(raw ?? "");
  if (!result.success) throw notFoundResponse(message);
  return result.data;
}

function isNotFoundError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "status" in error &&
    error.status === 404
  );
}

/** Runs a lookup and turns the service's "not found" into the 404 page. */
export async function or404<T>(
  lookup: () => Promise<T>,
  message: string,
): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (isNotFoundError(error)) throw notFoundResponse(message);
    throw error;
  }
}

/** A read's answer, or the message of the service's 4xx refusal (a bad query, too many searches) to show in its place. */
export async function clientErrorMessage<T>(
  read: () => Promise<T>,
): Promise<{ answer: T; error: null } | { answer: null; error: string }> {
  try {
    return { answer: await read(), error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { answer: null, error: error.message };
  }
}

/** The id of the signed-in player of this request, or undefined for a visitor. */
export async function viewerIdOf(
  context: AppLoadContext,
  request: Request,
): Promise<number | undefined> {
  const user = await context.services.sessions.userForRequest(request);
  return user?.id;
}

/** The game of a `/…/:id` page as `viewerId` sees it (liked, saved, own rating), or a 404 page. */
export async function getGameOr404(
  context: AppLoadContext,
  rawId: string | undefined,
  viewerId?: number,
): Promise<Game> {
  const id = parseIdOr404(rawId, "game", "Game not found");
  return or404(
    () => context.services.games.getGame(id, viewerId),
    "Game not found",
  );
}

/** `getGameOr404` for the pages that show or play a game: an unpublished one is a 404 page too. */
export async function getPublishedGameOr404(
  context: AppLoadContext,
  rawId: string | undefined,
  viewerId?: number,
): Promise<Game> {
  const id = parseIdOr404(rawId, "game", "Game not found");
  return or404(
    () => context.services.games.getPublishedGame(id, viewerId),
    "Game not found",
  );
}

/**
 * The game of `/detail/:id` as `getGameOr404` gives it, except that a visitor's published game comes from the
 * isolate's copy of the catalogue (ADR 021); an unknown id or a signed-in viewer reads afresh, and an unpublished game is a 404.
 */
export async function getDetailGameOr404(
  context: AppLoadContext,
  rawId: string | undefined,
  viewerId?: number,
): Promise<Game> {
  if (viewerId === undefined) {
    const id = parseIdOr404(rawId, "game", "Game not found");
    const known = (await context.services.games.catalogue()).byId.get(id);
    if (known) return known;
  }
  return getPublishedGameOr404(context, rawId, viewerId);
}

/** A publisher's profile and published games, or a 404 page for an unknown or malformed id. */
export async function getPublisherPageOr404(
  context: AppLoadContext,
  rawId: string | undefined,
  viewerId?: number,
): Promise<{ publisher: Publisher; games: Game[] }> {
  const id = parseIdOr404(rawId, "publisher", "Publisher not found");
  const publisher = await or404(
    () => context.services.games.getPublisher(id),
    "Publisher not found",
  );
  const games = await context.services.games.listByPublisher(id, viewerId);
  return { publisher, games };
}

/** The origin of the request, for absolute links in meta tags (og:url, canonical). */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}
