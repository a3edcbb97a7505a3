import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { NETWORK_ERROR_MESSAGE } from "~/lib/api";
import { unlessOffline } from "~/lib/offline-answer";
import { idSchema } from "#contract/ids";
import { clientErrorMessage, viewerIdOf } from "~/server/loaders.server";

/**
 * /publisher-panel/:id: a publisher's profile and games for the feed's publisher drawer (read with
 * `useFetcher().load`). Unlike /publisher/:id it answers a refusal as its message, which the drawer shows in place
 * of the games instead of leaving the feed for an error page.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = idSchema("publisher").safeParse(params.id ?? "");
  if (!id.success)
    return { id: null, error: id.error.issues[0]?.message ?? "Invalid id" };
  const viewerId = await viewerIdOf(context, request);
  const { games } = context.services;
  const found = await clientErrorMessage(() =>
    Promise.all([
      games.getPublisher(id.data),
      games.listByPublisher(id.data, viewerId),
    ]),
  );
  if (found.error !== null) return { id: id.data, error: found.error };
  const [publisher, list] = found.answer;
  return { id: id.data, publisher, games: list };
}

/** With no network the drawer says so in place, as for any refusal. */
export const clientLoader = ({
  serverLoader,
  params,
}: ClientLoaderFunctionArgs) =>
  unlessOffline(() => serverLoader<typeof loader>(), {
    id: Number(params.id) || null,
    error: NETWORK_ERROR_MESSAGE,
  });
