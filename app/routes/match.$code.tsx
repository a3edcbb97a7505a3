import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BackLink } from "~/components/BackLink";
import { GameChip } from "~/components/GameChip";
import { useSocket } from "~/components/SocketProvider";
import {
  MatchVersus,
  MatchVersusPlayer,
} from "~/components/friend-match/MatchVersus";
import { CountdownRing } from "~/components/friend-match/CountdownRing";
import { useGoToMatch } from "~/components/friend-match/useGoToMatch";
import { useTimeLeft } from "~/components/friend-match/useTimeLeft";
import { VersusIcon } from "~/components/icons";
import { pageTitle } from "#contract/format";
import {
  FRIEND_INVITE_TTL_MS,
  FRIEND_MATCH_TEXT,
  MATCH_CODE_PATTERN,
  matchInvitePath,
  playWithFriendPath,
  timeLeftText,
  type MatchInviteStatus,
  type MatchInviteView,
} from "#contract/friend-matches";
import { matchPlayPath } from "~/lib/play";
import { shareLink } from "~/lib/share-link";
import { isApiError } from "~/server/errors.server";
import {
  clientErrorMessage,
  notFoundResponse,
  requestOrigin,
  viewerIdOf,
} from "~/server/loaders.server";
import "./match.css";
import "./match.$code.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(
      data?.invite
        ? `${data.invite.from.name} invites you to play ${data.invite.game.name}`
        : "Play with a friend",
    ),
  },
  { name: "robots", content: "noindex" },
];

function codeOr404(raw: string | undefined): string {
  const code = raw ?? "";
  if (!MATCH_CODE_PATTERN.test(code))
    throw notFoundResponse("This invitation link is not valid");
  return code;
}

/**
 * /match/:code, an invitation's link (ADR 026): a visitor logs in first and comes back here. The inviter waits here
 * with the link to share; the friend (or, for a link, anyone signed in) accepts or declines. Once taken, both are in
 * the match's room with one seed.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const code = codeOr404(params.code);
  const viewerId = await viewerIdOf(context, request);
  if (!viewerId)
    throw redirect(
      `/login?redirectTo=${encodeURIComponent(matchInvitePath(code))}`,
    );
  const found = await clientErrorMessage(() =>
    context.services.friendMatches.view(viewerId, code),
  );
  const match = found.answer?.match;
  // Taken already, and this is one of its players (a reload, the link opened again, the inviter's page having missed
  // the news): into the match, where the play screen rejoins the room or says how it ended.
  if (match)
    throw redirect(matchPlayPath(match.gameId, match.roomId, match.seed));
  return {
    invite: found.answer,
    error: found.error,
    viewerId,
    link: requestOrigin(request) + matchInvitePath(code),
    renderedAt: Date.now(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const code = codeOr404(params.code);
  const viewerId = await viewerIdOf(context, request);
  if (!viewerId)
    throw redirect(
      `/login?redirectTo=${encodeURIComponent(matchInvitePath(code))}`,
    );
  const intent = (await request.formData()).get("intent");
  const { friendMatches } = context.services;
  try {
    if (intent === "accept") {
      const match = await friendMatches.accept(viewerId, code);
      return redirect(matchPlayPath(match.gameId, match.roomId, match.seed));
    }
    if (intent === "decline") {
      await friendMatches.decline(viewerId, code);
      return { error: null };
    }
    return data({ error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function MatchInvitePage() {
  const { invite, error, viewerId, link, renderedAt } =
    useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.error ?? null;
  return (
    <div className="page page--narrow match-page">
      <BackLink
        to={invite ? `/detail/${invite.game.id}` : "/home"}
        title={invite ? invite.game.name : "Home"}
      />
      {invite ? (
        <>
          <GameChip
            game={{ name: invite.game.name, icon: invite.game.icon ?? "" }}
          />
          {invite.from.id === viewerId ? (
            <InviterView invite={invite} link={link} renderedAt={renderedAt} />
          ) : (
            <InviteeView
              invite={invite}
              refused={refused}
              renderedAt={renderedAt}
            />
          )}
        </>
      ) : (
        <section className="match-card" data-testid="invite-refused">
          <span className="match-card__badge" aria-hidden="true">
            <VersusIcon size={30} />
          </span>
          <h1 className="match-card__title">Can’t join this match</h1>
          <p className="match-card__text" role="alert">
            {error}
          </p>
          <div className="match-card__actions">
            <Link to="/home" className="button button--primary">
              Back to games
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

/** The invitation's state as this page sees it: the server's, news from the socket, and the clock. */
function useLiveStatus(invite: MatchInviteView, renderedAt: number) {
  const { subscribe } = useSocket();
  const goToMatch = useGoToMatch();
  const [answered, setAnswered] = useState<MatchInviteStatus | null>(null);
  useEffect(
    () =>
      subscribe((event) => {
        if (
          event.event !== "match_invite_answer" ||
          event.data.code !== invite.code
        )
          return;
        if (event.data.match) goToMatch(event.data.match);
        setAnswered(event.data.status);
      }),
    [subscribe, invite.code, goToMatch],
  );
  const left = useTimeLeft(invite.expiresAt, renderedAt);
  const status: MatchInviteStatus =
    answered ??
    (invite.status === "open" && left === 0 ? "expired" : invite.status);
  return { status, left };
}

function Countdown({ left, total }: { left: number; total: number }) {
  return (
    <CountdownRing
      progress={Math.min(1, left / total)}
      label="Time left"
      testId="invite-countdown"
      wide
    >
      {timeLeftText(left)}
    </CountdownRing>
  );
}

function InviterView({
  invite,
  link,
  renderedAt,
}: {
  invite: MatchInviteView;
  link: string;
  renderedAt: number;
}) {
  const { status, left } = useLiveStatus(invite, renderedAt);
  const field = useRef<HTMLInputElement>(null);
  const [shared, setShared] = useState<string | null>(null);
  const friend = invite.to;
  const share = async () => {
    const outcome = await shareLink(
      {
        title: `Play ${invite.game.name} with me`,
        text: `Play ${invite.game.name} with me on Playfeed`,
        url: link,
      },
      field.current,
    );
    setShared(
      outcome === "copied"
        ? "Link copied"
        : outcome === "copy-failed"
          ? "Select the link and copy it"
          : null,
    );
  };
  const again = playWithFriendPath({
    gameId: invite.game.id,
    friendId: friend?.id,
  });

  if (status !== "open")
    return (
      <section
        className="match-card"
        aria-live="polite"
        data-testid="invite-closed"
      >
        <span className="match-card__badge" aria-hidden="true">
          <VersusIcon size={30} />
        </span>
        <h1 className="match-card__title">
          {status === "expired"
            ? FRIEND_MATCH_TEXT.expired
            : status === "declined"
              ? `${friend?.name ?? "Your friend"} declined`
              : status === "cancelled"
                ? "You cancelled this invitation"
                : "Your friend is in"}
        </h1>
        <p className="match-card__text">
          {status === "expired"
            ? "Nobody took it within 2 minutes. Send a new one when your friend is around."
            : "Invite someone else, or try again later."}
        </p>
        <div className="match-card__actions">
          <Link to={again} className="button button--primary">
            Invite again
          </Link>
          <Link
            to={`/detail/${invite.game.id}`}
            className="button button--ghost"
          >
            Back to the game
          </Link>
        </div>
      </section>
    );

  return (
    <section
      className="match-card"
      aria-live="polite"
      data-testid="invite-waiting"
    >
      <h1 className="match-card__title">
        {friend ? `Waiting for ${friend.name}` : "Waiting for a friend"}
      </h1>
      <MatchVersus>
        <MatchVersusPlayer
          person={{
            name: invite.from.name,
            profile_img: invite.from.profile_pic,
          }}
          label="You"
        />
        <Countdown left={left} total={FRIEND_INVITE_TTL_MS} />
        <MatchVersusPlayer
          person={
            friend
              ? { name: friend.name, profile_img: friend.profile_pic }
              : null
          }
          label={friend ? friend.name : "A friend"}
        />
      </MatchVersus>
      <p className="match-card__text">
        {friend
          ? `${friend.name} sees your invitation now. You can also send them the link.`
          : "Send this link to a friend: the first to open it plays you."}{" "}
        It expires in {timeLeftText(left)}.
      </p>
      <div className="match-link">
        <label htmlFor="match-link" className="visually-hidden">
          Invitation link
        </label>
        <input
          id="match-link"
          ref={field}
          className="match-link__field"
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          data-testid="match-link"
        />
        <button
          type="button"
          className="button button--primary"
          onClick={() => void share()}
        >
          Share link
        </button>
      </div>
      {shared ? (
        <p className="match-link__note" role="status">
          {shared}
        </p>
      ) : null}
      <Form method="post" className="match-card__actions">
        <button
          type="submit"
          name="intent"
          value="decline"
          className="button button--ghost"
        >
          Cancel invitation
        </button>
      </Form>
    </section>
  );
}

function InviteeView({
  invite,
  refused,
  renderedAt,
}: {
  invite: MatchInviteView;
  refused: string | null;
  renderedAt: number;
}) {
  const { status, left } = useLiveStatus(invite, renderedAt);
  const open = status === "open";
  return (
    <section
      className="match-card"
      aria-live="polite"
      data-testid="invite-offer"
    >
      <MatchVersus>
        <MatchVersusPlayer
          person={{
            name: invite.from.name,
            profile_img: invite.from.profile_pic,
          }}
          label={invite.from.name}
        />
        {open ? (
          <Countdown left={left} total={FRIEND_INVITE_TTL_MS} />
        ) : (
          <VersusIcon size={26} />
        )}
        <MatchVersusPlayer person={null} label="You" still />
      </MatchVersus>
      <h1 className="match-card__title">
        {open
          ? `${invite.from.name} invites you to play ${invite.game.name}`
          : status === "expired"
            ? FRIEND_MATCH_TEXT.expired
            : status === "cancelled"
              ? FRIEND_MATCH_TEXT.cancelled
              : status === "declined"
                ? "You declined this invitation"
                : FRIEND_MATCH_TEXT.taken}
      </h1>
      {open ? (
        <p className="match-card__text">
          One match, the same game for both of you. Time left:{" "}
          {timeLeftText(left)}.
        </p>
      ) : (
        <p className="match-card__text">
          Ask {invite.from.name} to send a new one, or find another player.
        </p>
      )}
      {refused ? (
        <p className="match-card__error" role="alert">
          {refused}
        </p>
      ) : null}
      {open ? (
        <Form method="post" className="match-card__actions">
          <button
            type="submit"
            name="intent"
            value="accept"
            className="button button--primary button--large"
          >
            <VersusIcon size={20} /> Accept
          </button>
          {invite.to ? (
            <button
              type="submit"
              name="intent"
              value="decline"
              className="button button--ghost button--large"
            >
              Decline
            </button>
          ) : (
            // A link is not addressed to anyone: leaving it is enough, and it stays open for someone else.
            <Link to="/home" className="button button--ghost button--large">
              Not now
            </Link>
          )}
        </Form>
      ) : (
        <div className="match-card__actions">
          <Link
            to={`/waiting/${invite.game.id}`}
            className="button button--primary"
          >
            Find another player
          </Link>
        </div>
      )}
    </section>
  );
}
