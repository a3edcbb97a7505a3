import { useEffect, useState } from "react";
import { Link } from "@remix-run/react";
import { ArrowLeftIcon } from "~/components/icons";
import { STARTING_ROUND } from "~/lib/play";
import "./StartingRound.css";

/** After this long without the round's seed, the screen says the connection is slow and offers a way back. */
const SLOW_START_MS = 8_000;

/**
 * The next round is asked for and waits for the seed the server deals it: the game does not move yet. Usually a
 * blink, so the overlay fades in only once the wait is felt; on a slow network it says so and offers a way back.
 */
export function StartingRound({
  gameId,
  gameName,
}: {
  gameId: number;
  gameName: string;
}) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_START_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="player__overlay starting-round" role="status">
      <span className="starting-round__spinner" aria-hidden="true" />
      <p className="player__note">{STARTING_ROUND.starting}</p>
      {slow ? (
        <>
          <p className="player__note starting-round__slow">
            {STARTING_ROUND.slow}
          </p>
          <Link to={`/detail/${gameId}`} className="button button--ghost">
            <ArrowLeftIcon size={18} /> Back to {gameName}
          </Link>
        </>
      ) : null}
    </div>
  );
}
