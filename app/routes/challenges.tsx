import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/Avatar";
import { EmptyState, LoginRequired } from "~/components/EmptyState";
import { CoinIcon, SwordsIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { sidesOf } from "~/components/challenge/sides";
import { useViewer } from "~/components/root-data";
import { COIN_MESSAGES, type ChallengeView } from "#contract/coins";
import { formatNumber, pageTitle } from "#contract/format";
import { createChallengeFromForm } from "~/server/challenge-forms.server";
import { viewerIdOf } from "~/server/loaders.server";
import "./challenges.css";
// The status chips' stylesheet (challenge-status.css) ships with the shell's (app/styles/parts.css).

export const meta: MetaFunction = () => [
  { title: pageTitle("Challenges") },
  { name: "robots", content: "noindex" },
];

/** The list only reads: expiry and its refunds happen in the cron trigger and in the writes (SPEC.md §7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  return {
    challenges: viewerId
      ? await context.services.challenges.all(viewerId)
      : null,
  };
}

/** The challenge dialog's form (SPEC.md §5): holds the bet and answers the new challenge and wallet. */
export async function action({ request, context }: ActionFunctionArgs) {
  return createChallengeFromForm(context, request, await request.formData());
}

/** What the row says about where a challenge stands, for this player. */
function standing(
  challenge: ChallengeView,
  viewerId: number,
): { label: string; tone: string } {
  const { outcome } = sidesOf(challenge, viewerId);
  if (outcome === "won")
    return { label: `Won ${formatNumber(challenge.bet_amount)}`, tone: "won" };
  if (outcome === "lost") return { label: "Lost", tone: "lost" };
  if (outcome === "tie") return { label: "Tie", tone: "tie" };
  if (challenge.status === "pending")
    return {
      label: challenge.to === viewerId ? "Accept?" : "Waiting",
      tone: "pending",
    };
  if (challenge.status === "accepted")
    return {
      label: challenge.to === viewerId ? "Your turn" : "Playing",
      tone: "accepted",
    };
  return {
    label: challenge.status === "expired" ? "Expired" : "Declined",
    tone: "closed",
  };
}

function ChallengeRow({
  challenge,
  viewerId,
}: {
  challenge: ChallengeView;
  viewerId: number;
}) {
  const { other } = sidesOf(challenge, viewerId);
  const { label, tone } = standing(challenge, viewerId);
  const received = challenge.to === viewerId;
  return (
    <li>
      <Link to={`/challenge/${challenge._id}`} className="challenge-row">
        <Avatar person={other} size={44} />
        <span className="challenge-row__text">
          <span className="challenge-row__who">
            {received
              ? `${other.name} challenged you`
              : `You challenged ${other.name}`}
          </span>
          <span className="challenge-row__game">
            {challenge.game_info[0].name} · beat {formatNumber(challenge.score)}
          </span>
        </span>
        <span className="challenge-row__side">
          <span className="challenge-row__bet">
            <CoinIcon size={14} /> {formatNumber(challenge.bet_amount)}
          </span>
          <span className={`challenge-status challenge-status--${tone}`}>
            {label}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** /challenges: the challenges a player received and sent, newest first (SPEC.md §2: 'You have no challenges'). */
export default function Challenges() {
  const { challenges } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const header = (
    <PageHeader
      title="Challenges"
      subtitle="Bet coins on a game and see who scores higher."
    />
  );
  if (!challenges || !viewer) {
    return (
      <div className="page">
        {header}
        <LoginRequired what="your challenges" icon={<SwordsIcon size={28} />} />
      </div>
    );
  }
  if (challenges.length === 0) {
    return (
      <div className="page">
        {header}
        <EmptyState
          title={COIN_MESSAGES.noChallenges}
          icon={<SwordsIcon size={28} />}
          actions={
            <Link to="/home" className="button button--primary">
              Find a game
            </Link>
          }
        >
          <p>
            Play a round of any game, then challenge a friend you follow from
            the result screen.
          </p>
        </EmptyState>
      </div>
    );
  }
  const received = challenges.filter(
    (challenge) => challenge.to === viewer._id,
  );
  const sent = challenges.filter((challenge) => challenge.from === viewer._id);
  return (
    <div className="page page--narrow">
      {header}
      {[
        {
          id: "received",
          title: "For you",
          list: received,
          empty: "Nobody has challenged you yet.",
        },
        {
          id: "sent",
          title: "Sent",
          list: sent,
          empty: "You have not challenged anyone yet.",
        },
      ].map((group) => (
        <section
          key={group.id}
          className="challenge-group"
          aria-labelledby={`challenges-${group.id}`}
        >
          <h2 id={`challenges-${group.id}`} className="challenge-group__title">
            {group.title}{" "}
            <span className="challenge-group__count">{group.list.length}</span>
          </h2>
          {group.list.length ? (
            <ul className="challenge-list">
              {group.list.map((challenge) => (
                <ChallengeRow
                  key={challenge._id}
                  challenge={challenge}
                  viewerId={viewer._id}
                />
              ))}
            </ul>
          ) : (
            <p className="challenge-group__empty">{group.empty}</p>
          )}
        </section>
      ))}
    </div>
  );
}
