import { useSearchParams } from "@remix-run/react";
import type { ComponentProps } from "react";
import { hasHowToPlay } from "#contract/format";
import type { Game } from "#contract/types";
import { fitHeadings } from "~/lib/headings";
import { LoginLink } from "../AccountProvider";
import { ExpandableHtml } from "../ExpandableHtml";
import { ChallengeInfo as ServerChallengeInfo } from "../challenge/ChallengeInfo";
import { TrophyIcon } from "../icons";
import { onDemand } from "../on-demand";
import { Leaderboard as ServerLeaderboard } from "./Leaderboard";
import { RateForm as ServerRateForm } from "./RatePopup";
import "../ScoreTable.css";
import "./BoardTabs.css";
import "./Leaderboard.css";

/** Only a challenge's players see it, so the browser loads it when the page shows one. */
const ChallengeInfo = onDemand(
  "challenge-info",
  import.meta.env.SSR ? ServerChallengeInfo : null,
  () =>
    import("../challenge/ChallengeInfo").then((module) => module.ChallengeInfo),
);

/**
 * The game's board: below the first screen on a phone and on a desktop, so its code loads as it comes near. The
 * server draws it and the page keeps that markup until then, so its styles come with the page (the browser test in
 * detail-requests.test.ts checks the board does not move when its code arrives).
 */
export const Leaderboard = onDemand(
  "leaderboard",
  import.meta.env.SSR ? ServerLeaderboard : null,
  () => import("./Leaderboard").then((module) => module.Leaderboard),
  { load: "near" },
);

/** The rate form: on the page only under `?rate`, the Rate button's address without JavaScript. */
const RateForm = onDemand(
  "rate-form",
  import.meta.env.SSR ? ServerRateForm : null,
  () => import("./RatePopup").then((module) => module.RateForm),
);

/** The rate form on the page itself, for `?rate` (the Rate button without JavaScript) while the popup is not open. */
export function RateOnPage({ game, hidden }: { game: Game; hidden: boolean }) {
  const [searchParams] = useSearchParams();
  if (!searchParams.has("rate") || hidden) return null;
  const withoutRate = new URLSearchParams(searchParams);
  withoutRate.delete("rate");
  const pageWithoutRate = `/detail/${game._id}${withoutRate.toString() ? `?${withoutRate}` : ""}`;
  return (
    <section className="card rate-popup" aria-labelledby="rate-title">
      <h2 id="rate-title" className="card__title">
        Rate This Game
      </h2>
      <p className="modal__lead">How much fun is {game.name}?</p>
      <RateForm
        gameId={game._id}
        current={game.my_rating}
        returnTo={pageWithoutRate}
      />
    </section>
  );
}

/** About this game and How To Play, the publisher's text under the page's own headings. */
export function AboutGame({ game }: { game: Game }) {
  return (
    <>
      <section className="card" aria-labelledby="about-title">
        <h2 id="about-title" className="card__title">
          About this game
        </h2>
        {/* Headings in a publisher's text sit under this section's h2. */}
        <ExpandableHtml html={fitHeadings(game.description, 3)} limit={80} />
      </section>
      {hasHowToPlay(game.how_to_play) ? (
        <section className="card" aria-labelledby="how-title">
          <h2 id="how-title" className="card__title">
            How To Play
          </h2>
          {/* Stored sanitised by the server (SPEC.md §3). */}
          <div
            className="prose"
            dangerouslySetInnerHTML={{
              __html: fitHeadings(game.how_to_play, 3),
            }}
          />
        </section>
      ) : null}
    </>
  );
}

type Challenge = ComponentProps<typeof ServerChallengeInfo>["challenge"];

/** `?challengeId=`: the challenge for its players, a plain word for anyone else, a login for a visitor. */
export function DetailChallenge({
  challengeId,
  challenge,
  viewerId,
}: {
  challengeId: number | null;
  challenge: Challenge | null;
  viewerId: number | null;
}) {
  if (challenge && viewerId)
    return <ChallengeInfo challenge={challenge} viewerId={viewerId} />;
  if (!challengeId) return null;
  return (
    <section
      className="card challenge-info"
      aria-labelledby="challenge-info-title"
    >
      <h2 id="challenge-info-title" className="card__title">
        <TrophyIcon size={18} /> Challenge
      </h2>
      {viewerId ? (
        <p className="prose prose--muted">
          This challenge is not one of yours, or it no longer exists.
        </p>
      ) : (
        <>
          <p className="prose prose--muted">
            You have been challenged. Log in to see the bet and accept it.
          </p>
          <LoginLink className="button button--primary button--small" />
        </>
      )}
    </section>
  );
}
