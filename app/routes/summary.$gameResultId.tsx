import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { Avatar } from "~/components/Avatar";
import { ShareScore } from "~/components/game/ShareScore";
import { WatchLink } from "~/components/game/WatchLink";
import { BackLink } from "~/components/BackLink";
import { useMultiplayer } from "~/components/MultiplayerProvider";
import { PlayIcon, TrophyIcon, VersusIcon } from "~/components/icons";
import { useViewer } from "~/components/root-data";
import { formatNumber, pageTitle } from "#contract/format";
import { playPath } from "~/lib/navigation";
import { RECORDED_PLAYER } from "~/lib/play";
import { outcome } from "~/state/multiplayer";
import { scoreText } from "#contract/shares";
import type { MatchPlayer } from "#contract/types";
import { MatchVersus } from "~/components/friend-match/MatchVersus";
import { RematchPanel } from "~/components/friend-match/RematchPanel";
import { or404, parseIdOr404, viewerIdOf } from "~/server/loaders.server";
import "./match.css";
import "./summary.$gameResultId.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Match · ${data.match.game.name}` : "Match") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const id = parseIdOr404(params.gameResultId, "match", "Match not found");
  const viewerId = await viewerIdOf(context, request);
  const [match, rematch] = await Promise.all([
    or404(() => context.services.multiplayer.summary(id), "Match not found"),
    // The pair's record and a standing rematch offer, for the match's two players (none against a bot).
    viewerId ? context.services.friendMatches.summaryFor(viewerId, id) : null,
  ]);
  return { match, rematch, renderedAt: Date.now() };
}

const OUTCOME_TEXT = { win: "You won!", lose: "You lost", draw: null } as const;

/** What Share my score says with the link, from the sharer's side. */
function shareText(
  result: "win" | "lose" | "draw",
  opponent: string,
  own: string,
  other: string,
  game: string,
): string {
  const played = {
    win: `I beat ${opponent} ${own} to ${other}`,
    lose: `I played ${opponent}, ${own} to ${other},`,
    draw: `I drew with ${opponent}, ${own} to ${other},`,
  }[result];
  return `${played} on ${game}. Can you beat my score?`;
}

/**
 * /summary/:gameResultId (SPEC.md §2 Summary, §4 Outcome): both players' scores and, for a player of the match, the
 * outcome: the higher score wins, the lower loses, an equal score gives no message. Stored in D1, so a link opened
 * later shows the same.
 */
export default function Summary() {
  const { match, rematch, renderedAt } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const { dispatch } = useMultiplayer();
  const [first, second] = match.players;
  const levels = match.game.leaderboard_type === 2;

  // The match is over: the app's multiplayer state goes back to idle.
  useEffect(() => dispatch({ type: "clear" }), [dispatch]);

  const mine = viewer
    ? match.players.findIndex((player) => player._id === viewer._id)
    : -1;
  const result =
    mine >= 0
      ? outcome(match.players[mine].score, match.players[1 - mine].score)
      : null;
  const winner =
    first.score === second.score ? null : first.score > second.score ? 0 : 1;
  const leaver =
    match.left_user_id === null
      ? null
      : match.players.find((player) => player._id === match.left_user_id);

  return (
    <div className="page page--narrow match-page">
      <BackLink to={`/detail/${match.game._id}`} title={match.game.name} />
      <section className="match-card" aria-labelledby="summary-title">
        <h1 id="summary-title" className="match-card__title">
          {match.game.name}
        </h1>
        {result && OUTCOME_TEXT[result] ? (
          <p
            className={`match-outcome match-outcome--${result}`}
            data-testid="outcome"
          >
            {result === "win" ? <TrophyIcon size={20} /> : null}{" "}
            {OUTCOME_TEXT[result]}
          </p>
        ) : null}
        <MatchVersus testId="match-scores">
          <PlayerScore
            player={first}
            you={mine === 0}
            winner={winner === 0}
            levels={levels}
          />
          <VersusIcon size={26} />
          <PlayerScore
            player={second}
            you={mine === 1}
            winner={winner === 1}
            levels={levels}
          />
        </MatchVersus>
        {leaver ? (
          <p className="match-card__text">
            {leaver._id === viewer?._id
              ? "You left the game early."
              : `${leaver.name} left the game.`}
          </p>
        ) : null}
        <div className="match-card__actions">
          <Link
            to={`/waiting/${match.game._id}`}
            className="button button--primary"
          >
            <VersusIcon size={18} /> Play again
          </Link>
          <Link to={playPath(match.game._id)} className="button button--ghost">
            <PlayIcon size={18} /> Play solo
          </Link>
        </div>
        {rematch && viewer && mine >= 0 ? (
          <RematchPanel
            key={match._id}
            resultId={match._id}
            viewerId={viewer._id}
            opponent={match.players[1 - mine].name}
            tally={rematch.tally}
            offer={rematch.offer}
            rematched={rematch.rematched}
            renderedAt={renderedAt}
          />
        ) : null}
        {mine >= 0 && result ? (
          <div className="match-card__share">
            <ShareScore
              matchId={match._id}
              gameName={match.game.name}
              text={shareText(
                result,
                match.players[1 - mine].name,
                scoreText(
                  match.players[mine].score,
                  match.game.leaderboard_type,
                ),
                scoreText(
                  match.players[1 - mine].score,
                  match.game.leaderboard_type,
                ),
                match.game.name,
              )}
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}

function PlayerScore({
  player,
  you,
  winner,
  levels,
}: {
  player: MatchPlayer;
  you: boolean;
  winner: boolean;
  levels: boolean;
}) {
  return (
    <div className={winner ? "match-score is-winner" : "match-score"}>
      <Avatar
        person={{ name: player.name, profile_img: player.profile_pic }}
        size={64}
      />
      <span className="match-score__name">{you ? "You" : player.name}</span>
      <span className="match-score__value">
        {levels ? "Level " : ""}
        {formatNumber(player.score)}
      </span>
      {player.is_bot ? (
        <span className="match-score__tag">{RECORDED_PLAYER}</span>
      ) : null}
      <WatchLink
        runId={player.run_id}
        whose={you ? "your" : `${player.name}'s`}
      />
    </div>
  );
}
