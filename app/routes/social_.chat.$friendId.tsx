import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idOrNull } from "#contract/ids";
import type { PublicProfile } from "#contract/types";
import { isApiError } from "~/server/errors.server";
import { clientErrorMessage, viewerIdOf } from "~/server/loaders.server";
import { toPublicProfile } from "../../workers/services/accounts";

/** What the chat asks before reading a conversation it may not be allowed to read. */
export interface ChatOpening {
  /** Their public profile, to name someone who is not in the friends list; null with `profileError` if none. */
  profile: PublicProfile | null;
  profileError: string | null;
  /** Why the viewer may not read or write this chat (the history's refusal), or null when they may. */
  refusal: string | null;
}

/**
 * A chat with someone not known to follow the viewer back, opened on demand by the chat panel (a fetcher): who they
 * are and whether the conversation can be read, answered as data, so the browser never asks for a history that
 * GET /api/chat would refuse with 403.
 */
export async function loader({
  request,
  context,
  params,
}: LoaderFunctionArgs): Promise<ChatOpening> {
  const viewerId = await viewerIdOf(context, request);
  const friendId = idOrNull(params.friendId ?? null);
  if (!viewerId || friendId === null || friendId === viewerId)
    return { profile: null, profileError: "User not found", refusal: null };
  const { accounts, social } = context.services;
  const [person, refusal] = await Promise.all([
    clientErrorMessage(() => accounts.getUser(friendId)),
    social.history(viewerId, friendId, { limit: "1" }).then(
      () => null,
      (error: unknown) => {
        // Only a refusal is settled here; anything else is the history's own to tell when the panel reads it.
        if (isApiError(error) && error.status === 403) return error.message;
        return null;
      },
    ),
  ]);
  return {
    profile: person.answer ? toPublicProfile(person.answer) : null,
    profileError: person.error,
    refusal,
  };
}
