import { Link } from "@remix-run/react";
import { reportPath } from "#contract/reports";
import { AlertIcon } from "../icons";
import "./ReportLinks.css";

/** Under a game's description: the way to tell moderators a game is broken or inappropriate (a page, no script needed). */
export function ReportGameLink({ gameId }: { gameId: number }) {
  return (
    <p className="report-link">
      <Link to={reportPath("game", gameId)} rel="nofollow">
        <AlertIcon size={16} />
        Report this game
      </Link>
    </p>
  );
}
