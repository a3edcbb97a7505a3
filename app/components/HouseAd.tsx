import { Link } from "@remix-run/react";
import { formatRating } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import { detailPath, playPath } from "~/lib/navigation";
import type { Game } from "#contract/types";
import { PlayIcon, StarIcon } from "./icons";
import { useMediaBase } from "./root-data";
// Its stylesheet ships with the shell's (app/styles/parts.css).

export type HouseAdGame = Pick<
  Game,
  "_id" | "name" | "icon" | "category" | "avgRating" | "rating_count"
>;

/** The ad shown when no network fills a slot: one of our own games, with a Play button. */
export function HouseAd({ game }: { game: HouseAdGame }) {
  const icon = resolveMediaUrl(game.icon, useMediaBase());
  return (
    <div className="house-ad">
      <Link
        to={detailPath(game._id)}
        className="house-ad__media"
        tabIndex={-1}
        aria-hidden="true"
      >
        {icon ? (
          <img
            src={icon}
            alt=""
            width={72}
            height={72}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span>{game.name.slice(0, 1)}</span>
        )}
      </Link>
      <div className="house-ad__text">
        <p className="house-ad__eyebrow">Try this game</p>
        <Link to={detailPath(game._id)} className="house-ad__name">
          {game.name}
        </Link>
        <p className="house-ad__meta">
          {game.category}
          {/* No "★ 0.00" for a game nobody has rated yet. */}
          {game.rating_count > 0 ? (
            <>
              <span aria-hidden="true"> · </span>
              <StarIcon size={12} />
              <span className="visually-hidden">Rating </span>
              {formatRating(game.avgRating)}
            </>
          ) : null}
        </p>
      </div>
      <Link
        to={playPath(game._id)}
        className="button button--primary button--small house-ad__play"
      >
        <PlayIcon size={16} />
        Play<span className="visually-hidden"> {game.name}</span>
      </Link>
    </div>
  );
}
