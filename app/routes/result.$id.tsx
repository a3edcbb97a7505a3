import type {
  ActionFunctionArgs,
  AppLoadContext,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useSearchParams,
} from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import type { ChallengeOutcome } from "~/components/challenge/ChallengeFriends";
import { HeadToHead } from "~/components/challenge/HeadToHead";
import { ShareScore } from "~/components/game/ShareScore";
import { Tabs } from "~/components/Tabs";
import { Leaderboard } from "~/components/game/Leaderboard";
import { ResultChallengeTab } from "~/components/game/ResultChallengeTab";
import {
  ResultScores,
  type RoundOutcome,
} from "~/components/game/ResultScores";
import { PlayIcon, VersusIcon } from "~/components/icons";
import { useMediaBase, useViewer } from "~/components/root-data";
import { formatNumber, pageTitle } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import { playPath } from "~/lib/navigation";
import { roundFromState } from "~/lib/play";
import { idOrNull } from "#contract/ids";
import { scoreText } from "#contract/shares";
import { createChallengeFromForm } from "~/server/challenge-forms.server";
import { pageBoard } from "~/server/boards.server";
import { getGameOr404, viewerIdOf } from "~/server/loaders.server";
import type { ShellHandle } from "~/lib/viewer";
import "./result.$id.css";

export const handle: ShellHandle = { deferBonus: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Result · ${data.game.name}` : "Result") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const game = await getGameOr404(context, params.id);
  const viewerId = await viewerIdOf(context, request);
  const { scores } = context.services;
  const { searchParams } = new URL(request.url);
  const challengeId = idOrNull(searchParams.get("challengeId"));
  // Everyone's board carries the player's best; a narrowed one does not, so it is read beside it.
  const narrowed = searchParams.get("scope") === "following";
  const [board, ownBest, yourScore, shareableRound, challenging, challenge] =
    await Promise.all([
      pageBoard(context, game._id, viewerId, searchParams),
      viewerId && narrowed ? scores.highScore(game._id, viewerId) : null,
      viewerId ? scores.latestScore(game._id, viewerId) : null,
      viewerId
        ? context.services.shares.latestShareableRound(viewerId, game._id)
        : null,
      viewerId ? challengeOptions(context, viewerId, game._id) : null,
      viewerId && challengeId
        ? context.services.challenges
            .view(challengeId, viewerId)
            .catch(() => null)
        : null,
    ]);
  return {
    game: {
      _id: game._id,
      name: game.name,
      icon: game.icon,
      category: game.category,
      leaderboard_type: game.leaderboard_type,
      multiplayer: game.game_modes.includes(2),
      // A game on another site is not replayed, so its scores cannot be shared (ADR 017).
      external: game.type === 2,
    },
    // The board on the tab and scope the address names (its switches without JavaScript).
    board,
    /** The player's best and rank, whatever the board shows. */
    standing: board.scope === "everyone" ? board.board.standing : ownBest,
    yourScore,
    shareableRound,
    challenging,
    challenge: challenge && challenge.game === game._id ? challenge : null,
  };
}

/** The challenge form drawn without JavaScript posts here and is answered on this page (SPEC.md §5). */
export async function action({ request, context }: ActionFunctionArgs) {
  return createChallengeFromForm(context, request, await request.formData());
}

/** Who the player can challenge from here, whom they already did, and what is left of today's limit. */
async function challengeOptions(
  context: AppLoadContext,
  viewerId: number,
  gameId: number,
) {
  const { social, challenges, wallet } = context.services;
  const [friends, challengedIds, limit] = await Promise.all([
    social.friends(viewerId, { presence: false }),
    challenges.openTargets(viewerId, gameId),
    wallet.challengeLimit(viewerId),
  ]);
  return {
    friends: friends.map((friend) => ({
      _id: friend._id,
      name: friend.name,
      profile_img: friend.profile_img,
    })),
    challengedIds,
    limitLeft: limit.left,
  };
}

/** A tab's own address, so the tabs switch without JavaScript too; the other parameters (type, challengeId) stay. */
function tabHref(
  pathname: string,
  searchParams: URLSearchParams,
  tab: string,
): string {
  const query = new URLSearchParams(searchParams);
  query.delete("challenge");
  if (tab === "challenge") query.set("tab", tab);
  else query.delete("tab");
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

type ResultData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * Straight from the play screen, the round's own answer says what it scored and settled; a reload asks the loader.
 */
function useRoundOutcome(loaded: ResultData) {
  const { game } = loaded;
  const location = useLocation();
  const round = roundFromState(location.state, game._id);
  const yourScore = round ? round.score : (loaded.yourScore?.score ?? null);
  const review = round
    ? round.held
      ? "held"
      : null
    : (loaded.yourScore?.review ?? null);
  const held = review === "held" || review === "removed";
  const standing = round ? round.best : loaded.standing;
  const highScore = standing?.score ?? 0;
  const outcome: RoundOutcome = {
    yourScore,
    review,
    held,
    highScore,
    rank: standing?.rank ?? null,
    newBest:
      round !== null &&
      !held &&
      yourScore !== null &&
      yourScore > 0 &&
      yourScore === highScore,
  };
  return {
    outcome,
    challenge:
      round?.challenge?.challenge.game === game._id
        ? round.challenge.challenge
        : loaded.challenge,
    // The round just played (its score's id from the play screen), else the latest one the loader found shareable.
    shareRoundId: round ? round._id : loaded.shareableRound,
  };
}

/**
 * /result/:id (SPEC.md §2 Result): the round's score and the player's high score, Play again and Multiplayer, then
 * the Leader Board / Challenge toggle, open on the leaderboard (SPEC.md: `type=1` does too) unless a friend was
 * picked to challenge or the challenge form was just answered.
 */
export default function Result() {
  const loaded = useLoaderData<typeof loader>();
  const { game, board, challenging } = loaded;
  const { outcome, challenge, shareRoundId } = useRoundOutcome(loaded);
  const { yourScore, held } = outcome;
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const answered = useActionData<typeof action>() as
    ChallengeOutcome | undefined;
  const requestedId = idOrNull(searchParams.get("challenge"));
  const viewer = useViewer();
  const icon = resolveMediaUrl(game.icon, useMediaBase());
  const levels = game.leaderboard_type === 2;
  const value = (score: number | null) =>
    score === null ? "–" : `${levels ? "Level " : ""}${formatNumber(score)}`;

  const tabs = [
    {
      id: "leaderboard",
      label: "Leader Board",
      content: (
        <Leaderboard
          gameId={game._id}
          leaderboardType={game.leaderboard_type}
          viewer={viewer}
          initial={board}
          bare
        />
      ),
    },
    {
      id: "challenge",
      label: "Challenge",
      content: (
        <ResultChallengeTab
          game={game}
          levels={levels}
          yourScore={yourScore}
          held={held}
          wallet={viewer ? viewer.wallet : null}
          challenging={challenging}
          requestedId={requestedId}
          outcome={answered}
        />
      ),
    },
  ];

  return (
    <div className="page page--narrow result-page">
      <BackLink to={`/detail/${game._id}`} title={game.name} />
      {/* After a challenge round the head-to-head is what the player came for: it goes first. */}
      {challenge && viewer ? (
        <HeadToHead
          challenge={challenge}
          viewerId={viewer._id}
          viewerPerson={viewer}
          scoreText={value}
        />
      ) : null}
      <section className="card result-hero" aria-labelledby="result-title">
        <div className="result-hero__game">
          {icon ? (
            <img
              src={icon}
              alt=""
              width={64}
              height={64}
              className="result-hero__icon"
            />
          ) : null}
          <div>
            <h1 id="result-title" className="result-hero__name">
              {game.name}
            </h1>
            <p className="result-hero__category">{game.category}</p>
          </div>
        </div>
        <ResultScores signedIn={!!viewer} outcome={outcome} value={value} />
        <div className="result-hero__actions">
          <Link
            to={playPath(game._id)}
            className="button button--primary button--large"
          >
            <PlayIcon size={20} /> Play again
          </Link>
          {game.multiplayer ? (
            <Link
              to={`/waiting/${game._id}`}
              className="button button--secondary button--large"
            >
              <VersusIcon size={20} /> Multiplayer
            </Link>
          ) : null}
        </div>
        {viewer &&
        !held &&
        shareRoundId !== null &&
        yourScore !== null &&
        !game.external ? (
          <ShareScore
            scoreId={shareRoundId}
            gameName={game.name}
            text={`I ${levels ? "reached" : "scored"} ${scoreText(yourScore, game.leaderboard_type)} on ${game.name}. Can you beat it?`}
          />
        ) : null}
      </section>
      <div className="result-page__tabs">
        <Tabs
          tabs={tabs}
          label="Leader Board or Challenge"
          initialTab={
            searchParams.get("tab") === "challenge" ||
            requestedId !== null ||
            answered
              ? "challenge"
              : "leaderboard"
          }
          hrefFor={(id) => tabHref(location.pathname, searchParams, id)}
        />
      </div>
    </div>
  );
}
