import type { ReactNode } from "react";
import { Avatar, type AvatarPerson } from "../Avatar";
import "./MatchVersus.css";

/**
 * Two players face to face, with what stands between them (a countdown, the versus sign): the lobby's wait, an
 * invitation's, and a match's summary. Its children are the first side, the middle and the second side, in that order.
 */
export function MatchVersus({
  children,
  testId,
}: {
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="match-versus" data-testid={testId}>
      {children}
    </div>
  );
}

export interface MatchVersusPlayerProps {
  /** Who plays this side; null while nobody is known yet, drawn as a "?". */
  person: AvatarPerson | null;
  /** The name under the picture ("You", the other's name, or who is awaited). */
  label: string;
  /** The "?" stands still instead of pulsing: nobody is being looked for. */
  still?: boolean;
}

/** One side of a `MatchVersus`: the player's picture, or a "?" for someone not known yet, then the name. */
export function MatchVersusPlayer({
  person,
  label,
  still = false,
}: MatchVersusPlayerProps) {
  return (
    <div className="match-versus__player">
      {person ? (
        <Avatar person={person} size={72} />
      ) : (
        <span
          className={
            still
              ? "match-versus__unknown match-versus__unknown--still"
              : "match-versus__unknown"
          }
          aria-hidden="true"
        >
          ?
        </span>
      )}
      <span>{label}</span>
    </div>
  );
}
