import { Link } from "@remix-run/react";
import { formatCount, formatRating } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import { detailPath } from "~/lib/navigation";
import type { Game } from "#contract/types";
import { useLoginGate } from "../AccountProvider";
import { HeartIcon, StarIcon } from "../icons";
import { ChevronRightIcon } from "../page-icons";
import { useMediaBase } from "../root-data";
import "./GameRow.css";

/** A compact game line in a drawer: icon, name, category, rating and likes; opens the detail page. */
export function GameRow({ game }: { game: Game }) {
  const icon = resolveMediaUrl(game.icon, useMediaBase());
  const loginGate = useLoginGate();
  return (
    <Link
      to={detailPath(game._id, "home-page")}
      className="game-row"
      onClick={loginGate}
    >
      {icon ? (
        <img
          className="game-row__icon"
          src={icon}
          alt=""
          width={52}
          height={52}
          loading="lazy"
        />
      ) : (
        <span className="game-row__icon" />
      )}
      <span className="game-row__body">
        <span className="game-row__name">{game.name}</span>
        <span className="game-row__meta">
          <span>{game.category}</span>
          <span className="game-row__stat">
            <StarIcon size={12} />
            {formatRating(game.avgRating)}
          </span>
          <span
            className={
              game.is_liked ? "game-row__stat is-liked" : "game-row__stat"
            }
          >
            <HeartIcon size={12} filled={game.is_liked} />
            {formatCount(game.total_likes)}
          </span>
        </span>
      </span>
      <ChevronRightIcon size={18} className="game-row__chevron" />
    </Link>
  );
}
