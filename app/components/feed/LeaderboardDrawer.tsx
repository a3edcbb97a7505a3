import {
  EMPTY_LEADERBOARD,
  leaderboardColumn,
  splitPodium,
} from "~/lib/leaderboard";
import { formatNumber } from "#contract/format";
import { shownName } from "#contract/scores";
import { resolveMediaUrl } from "~/lib/media";
import { playPath } from "~/lib/navigation";
import type { Game } from "#contract/types";
import { Link } from "@remix-run/react";
import { Loader } from "../Loader";
import { useBoard } from "../game/Leaderboard";
import { ScoreTable } from "../ScoreTable";
import { EntryWatchLink, UnverifiedNote } from "../game/WatchLink";
import { PlayIcon, TrophyIcon } from "../icons";
import { useMediaBase } from "../root-data";
import { FeedDrawer } from "./FeedDrawer";
import "./LeaderboardDrawer.css";

/** The current game's leaderboard. A failed load is ignored (SPEC.md §8) and reads as an empty board. */
export function LeaderboardDrawer({
  open,
  game,
  onClose,
}: {
  open: boolean;
  game: Game;
  onClose: () => void;
}) {
  const icon = resolveMediaUrl(game.icon, useMediaBase());
  // Everyone's board, loaded when the drawer opens (the viewer's own rank is the detail page's).
  const board = useBoard(game._id, null, undefined, "everyone", open);
  const entries = board?.entries ?? null;
  const column = leaderboardColumn(game.leaderboard_type);
  const { podium, rest } = splitPodium(entries ?? []);

  return (
    <FeedDrawer open={open} side="right" label="Leaderboard" onClose={onClose}>
      <div className="leaderboard-panel">
        <div className="leaderboard-panel__head">
          {icon ? (
            <img
              src={icon}
              alt=""
              width={56}
              height={56}
              className="leaderboard-panel__icon"
            />
          ) : null}
          <div>
            <h2 className="leaderboard-panel__game">{game.name}</h2>
            <p className="leaderboard-panel__sub">Top players</p>
          </div>
        </div>
        {!entries ? (
          <Loader block />
        ) : entries.length === 0 ? (
          <div className="leaderboard-empty">
            <span className="leaderboard-empty__badge" aria-hidden="true">
              <TrophyIcon size={34} />
            </span>
            <p className="leaderboard-empty__text">{EMPTY_LEADERBOARD}</p>
            <Link to={playPath(game._id)} className="button button--primary">
              <PlayIcon size={18} />
              Play {game.name}
            </Link>
          </div>
        ) : (
          <>
            <UnverifiedNote entries={entries} />
            {podium.length > 0 ? (
              <ol className="feed-podium" aria-label="Top three">
                {podium.map((entry, index) => (
                  <li
                    key={index}
                    className={`feed-podium__place feed-podium__place--${index + 1}`}
                  >
                    <span className="feed-podium__avatar" aria-hidden="true">
                      {shownName(entry).slice(0, 1).toUpperCase()}
                    </span>
                    <span className="feed-podium__name">
                      {shownName(entry)}
                    </span>
                    <span className="feed-podium__score">
                      <span className="visually-hidden">{column} </span>
                      {formatNumber(entry.score)}
                    </span>
                    <EntryWatchLink entry={entry} />
                    <span className="feed-podium__step" aria-hidden="true">
                      {index + 1}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
            {rest.length > 0 ? (
              <ScoreTable
                entries={rest}
                column={column}
                className="leaderboard-table"
              />
            ) : null}
          </>
        )}
      </div>
    </FeedDrawer>
  );
}
