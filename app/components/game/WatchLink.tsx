import { Link } from "@remix-run/react";
import { watchPath } from "#contract/runs";
import { shownName, type LeaderboardEntry } from "#contract/scores";
import { PlayIcon } from "../icons";
// Its stylesheet ships with the shell's (app/styles/parts.css).

/** A kept run, replayed (/watch/{runId}); nothing when the server kept none or it is not the viewer's to see. */
export function WatchLink({
  runId,
  whose,
}: {
  runId: string | null;
  /** Names the run for a screen reader: "Ada's", "your". */
  whose: string;
}) {
  if (runId === null) return null;
  return (
    <Link
      to={watchPath(runId)}
      className="watch-link"
      aria-label={`Watch ${whose} run`}
    >
      <PlayIcon size={12} />
      Watch
    </Link>
  );
}

/** A board entry's run. */
export const EntryWatchLink = ({ entry }: { entry: LeaderboardEntry }) => (
  <WatchLink runId={entry.run_id} whose={`${shownName(entry)}'s`} />
);

/** SPEC.md boards of external games: their scores cannot be replayed, and the board says so. */
const UNVERIFIED_NOTE =
  "Scores of this game run on another site and are not verified";

/** The note under a board whose entries the server could not replay. */
export function UnverifiedNote({ entries }: { entries: LeaderboardEntry[] }) {
  if (!entries.some((entry) => !entry.verified)) return null;
  return <p className="unverified-note">{UNVERIFIED_NOTE}</p>;
}
