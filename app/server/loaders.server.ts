import type { AppLoadContext } from "@remix-run/cloudflare";
import { idSchema } from "~/lib/ids";
import type { Game } from "~/lib/types";

/** A 404 the root error boundary renders as the "Page not found" page; the body is shown as its message. */
export function notFoundResponse(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A path id that is not a row id cannot name anything: it is a missing page, not a server error. */
export function parseIdOr404(raw: string | undefined, label: string, message = "Page not found"): number {
  const result = idSchema(label).safeParse(raw ?? "");
  if (!result.success) throw notFoundResponse(message);
  return result.data;
}

function isNotFoundError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && (error as { status: unknown }).status === 404;
}

/** The game of a `/…/:id` page, or a 404 page for an unknown or malformed id. */
export async function getGameOr404(context: AppLoadContext, rawId: string | undefined): Promise<Game> {
  const id = parseIdOr404(rawId, "game", "Game not found");
  try {
    return await context.services.games.getGame(id);
  } catch (error) {
    if (isNotFoundError(error)) throw notFoundResponse("Game not found");
    throw error;
  }
}

/** Just what a page header about a game shows (GameChip), so pages send no more than they render. */
export async function getGameChipOr404(context: AppLoadContext, rawId: string | undefined) {
  const game = await getGameOr404(context, rawId);
  return { _id: game._id, name: game.name, icon: game.icon, category: game.category };
}
