import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PlayIcon } from "../icons";

interface RoundOverProps {
  /** The heading's id, which names the dialog. */
  id: string;
  heading: string;
  score: number;
  /** A game ranked by level shows "Level 3", not "3". */
  levels: boolean;
  /** What the round's end means for the player: a note, or an alert. */
  note: ReactNode;
  /** An action before Play again (a visitor's Log in), which then takes the primary look. */
  lead?: ReactNode;
  onPlayAgain: () => void;
  game: { _id: number; name: string };
  testId?: string;
}

/** The dialog over the game when a round ends without a result screen: its score, a note, and what to do next. */
export function RoundOver({
  id,
  heading,
  score,
  levels,
  note,
  lead,
  onPlayAgain,
  game,
  testId,
}: RoundOverProps) {
  return (
    <div
      className="player__overlay"
      role="dialog"
      aria-labelledby={id}
      data-testid={testId}
    >
      <h2 id={id} className="player__heading">
        {heading}
      </h2>
      <p className="player__final">
        {levels ? "Level " : null}
        <span data-testid="final-score">{score}</span>
      </p>
      {note}
      <div className="player__actions">
        {lead}
        <button
          type="button"
          className={
            lead ? "button button--secondary" : "button button--primary"
          }
          onClick={onPlayAgain}
        >
          <PlayIcon size={18} /> Play again
        </button>
        <Link to={`/detail/${game._id}`} className="button button--ghost">
          Back to {game.name}
        </Link>
      </div>
    </div>
  );
}
