import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useState } from "react";
import { Avatar } from "~/components/Avatar";
import { BackLink } from "~/components/BackLink";
import { SocialIcon, VersusIcon } from "~/components/icons";
import { LinkIcon } from "~/components/page-icons";
import { pageTitle } from "#contract/format";
import {
  CreateMatchInviteFormSchema,
  matchInvitePath,
} from "#contract/friend-matches";
import { idOrNull } from "#contract/ids";
import { resolveMediaUrl } from "~/lib/media";
import { useMediaBase } from "~/components/root-data";
import { isApiError } from "~/server/errors.server";
import { viewerIdOf } from "~/server/loaders.server";
import { parseInput } from "../../workers/services/parse";
import "./match.css";
import "./match.new.css";

export const meta: MetaFunction = () => [
  { title: pageTitle("Play with a friend") },
  { name: "robots", content: "noindex" },
];

const loginFirst = (request: Request) => {
  const url = new URL(request.url);
  return redirect(
    `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
  );
};

/** The games one can play against someone, and the friends (who follow back) one can invite. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  if (!viewerId) throw loginFirst(request);
  const query = new URL(request.url).searchParams;
  const [published, friends] = await Promise.all([
    context.services.games.listPublished(),
    context.services.social.friends(viewerId, { presence: false }),
  ]);
  const games = published
    .filter((game) => game.game_modes.includes(2) && !game.is_placeholder)
    .map(({ _id, name, icon }) => ({ _id, name, icon }));
  const mutual = friends
    .filter((friend) => friend.follows_back)
    .map(({ _id, name, profile_img }) => ({ _id, name, profile_img }));
  const gameId = idOrNull(query.get("game"));
  const friendId = idOrNull(query.get("friend"));
  return {
    games,
    friends: mutual,
    chosenGame: games.some((game) => game._id === gameId) ? gameId : null,
    chosenFriend: mutual.some((friend) => friend._id === friendId)
      ? friendId
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  if (!viewerId) throw loginFirst(request);
  const form = Object.fromEntries(await request.formData());
  try {
    const input = parseInput(CreateMatchInviteFormSchema, form);
    const invite = await context.services.friendMatches.create(viewerId, {
      gameId: input.gameId,
      friendId: input.friendId === "" ? null : (input.friendId ?? null),
    });
    return redirect(matchInvitePath(invite.code));
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

/**
 * /match/new, "Play with a friend" (ADR 026): reached from a friend's row in /social, the chat and a game's page, with
 * the friend or the game already chosen. Picks a game with a multiplayer mode and a friend, or a link for anyone;
 * the invitation's own page (/match/:code) is where the inviter waits.
 */
export default function PlayWithFriend() {
  const { games, friends, chosenGame, chosenFriend } =
    useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.error ?? null;
  const navigation = useNavigation();
  const mediaBase = useMediaBase();
  const [gameId, setGameId] = useState(chosenGame ?? games[0]?._id ?? null);
  const [friendId, setFriendId] = useState<number | null>(chosenFriend);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const friend = friends.find((one) => one._id === friendId) ?? null;

  return (
    <div className="page page--narrow match-page">
      <BackLink
        to={chosenGame ? `/detail/${chosenGame}` : "/social"}
        title={chosenGame ? "Game" : "Social"}
      />
      <Form method="post" className="match-card friend-pick">
        <span className="match-card__badge" aria-hidden="true">
          <VersusIcon size={30} />
        </span>
        <h1 className="match-card__title">Play with a friend</h1>
        <p className="match-card__text">
          One private match: you both get the same game and the same start. The
          invitation is open for 2 minutes.
        </p>

        <fieldset className="friend-pick__group">
          <legend className="friend-pick__legend">Game</legend>
          <div className="friend-pick__games">
            {games.map((game) => (
              <label
                key={game._id}
                className={
                  game._id === gameId
                    ? "friend-pick__game is-chosen"
                    : "friend-pick__game"
                }
              >
                <input
                  type="radio"
                  name="gameId"
                  value={game._id}
                  checked={game._id === gameId}
                  onChange={() => setGameId(game._id)}
                  className="visually-hidden"
                />
                <img
                  src={resolveMediaUrl(game.icon, mediaBase) ?? undefined}
                  alt=""
                  width={44}
                  height={44}
                />
                <span>{game.name}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="friend-pick__group">
          <legend className="friend-pick__legend">Who</legend>
          <div className="friend-pick__people">
            <label
              className={
                friendId === null
                  ? "friend-pick__person is-chosen"
                  : "friend-pick__person"
              }
            >
              <input
                type="radio"
                name="friendId"
                value=""
                checked={friendId === null}
                onChange={() => setFriendId(null)}
                className="visually-hidden"
              />
              <span className="friend-pick__link-icon" aria-hidden="true">
                <LinkIcon size={22} />
              </span>
              <span>
                <strong>Just get a link</strong>
                <small>
                  Share it anywhere: the first friend to open it plays
                </small>
              </span>
            </label>
            {friends.map((one) => (
              <label
                key={one._id}
                className={
                  one._id === friendId
                    ? "friend-pick__person is-chosen"
                    : "friend-pick__person"
                }
              >
                <input
                  type="radio"
                  name="friendId"
                  value={one._id}
                  checked={one._id === friendId}
                  onChange={() => setFriendId(one._id)}
                  className="visually-hidden"
                />
                <Avatar person={one} size={40} />
                <span>
                  <strong>{one.name}</strong>
                  <small>Gets your invitation now</small>
                </span>
              </label>
            ))}
          </div>
          {friends.length === 0 ? (
            <p className="friend-pick__hint">
              <SocialIcon size={16} /> Friends who follow you back show here.{" "}
              <Link to="/social?tab=find">Find people</Link>
            </p>
          ) : null}
        </fieldset>

        {refused ? (
          <p className="match-card__error" role="alert">
            {refused}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={busy || gameId === null}
        >
          <VersusIcon size={20} />
          {friend ? `Invite ${friend.name}` : "Get a link"}
        </button>
      </Form>
    </div>
  );
}
