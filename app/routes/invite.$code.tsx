import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { useMediaBase } from "~/components/root-data";
import { UserPlusIcon } from "~/components/social/icons";
import { pageTitle } from "#contract/format";
import { INVITE_CODE_PATTERN, invitePath } from "#contract/social";
import { resolveMediaUrl } from "~/lib/media";
import { socialMeta } from "~/lib/seo";
import { notFoundResponse } from "~/server/loaders.server";
import "./invite.$code.css";

/** How many of the games the invitation shows. */
const GAMES_SHOWN = 8;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = params.code ?? "";
  const inviter = INVITE_CODE_PATTERN.test(code)
    ? await context.services.social.inviter(code)
    : null;
  if (!inviter) throw notFoundResponse("This invite link is not valid");
  const games = (await context.services.games.listPublished())
    .filter((game) => !game.is_placeholder)
    .slice(0, GAMES_SHOWN)
    .map(({ _id, name, icon }) => ({ _id, name, icon }));
  return { code, inviter, games };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: pageTitle("Invite not found") }];
  const title = `${data.inviter.name} invited you to Playfeed`;
  const description =
    "Play free casual games with your friend: sign up through this invite and you are friends straight away.";
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    // An invitation is for the person it was sent to; crawlers may still read its card.
    { name: "robots", content: "noindex" },
    ...socialMeta(matches, {
      path: invitePath(data.code),
      title,
      description,
      card: "invite",
    }),
  ];
};

/**
 * /invite/:code, the link a player shares from /social's Invite tab: who invites, and sign-up carrying the code, so
 * that the two are friends straight away (registration remembers it, lib/invite.ts).
 */
export default function Invite() {
  const { code, inviter, games } = useLoaderData<typeof loader>();
  const mediaBase = useMediaBase();
  return (
    <div className="page page--narrow invite-page">
      <section className="invite-hero" aria-labelledby="invite-title">
        {/* The heading names the inviter: the picture is decoration here. */}
        <span aria-hidden="true">
          <Avatar person={inviter} size={84} className="invite-hero__avatar" />
        </span>
        <p className="invite-hero__kicker">You&apos;re invited</p>
        <h1 id="invite-title" className="invite-hero__title">
          {inviter.name} invited you to Playfeed
        </h1>
        <p className="invite-hero__lead">
          Casual games that play in your browser, free. Sign up through this
          invite and you two are friends straight away: chat, challenge each
          other and compare scores.
        </p>
        <div className="invite-hero__actions">
          <Link
            to={`/registration?invite=${code}`}
            className="button button--primary button--large"
          >
            <UserPlusIcon size={20} /> Create your account
          </Link>
          <Link to="/login" className="button button--ghost button--large">
            I already play: log in
          </Link>
        </div>
      </section>
      {games.length > 0 ? (
        <section className="invite-games" aria-labelledby="invite-games-title">
          <h2 id="invite-games-title" className="invite-games__title">
            Games waiting for you
          </h2>
          <ul className="invite-games__list">
            {games.map((game) => (
              <li key={game._id}>
                <Link to={`/detail/${game._id}`} className="invite-games__game">
                  <img
                    src={resolveMediaUrl(game.icon, mediaBase) ?? ""}
                    alt=""
                    width={64}
                    height={64}
                  />
                  <span>{game.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
