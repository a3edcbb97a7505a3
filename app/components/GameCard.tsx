import { Link } from "@remix-run/react";
import { formatCount, formatRating, htmlToText } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import { DEFAULT_ORIGIN, detailPath, playPath } from "~/lib/navigation";
import type { Game } from "#contract/types";
import { HeartIcon, PlayIcon, StarIcon } from "./icons";
import { Picture } from "./Picture";
import { useMediaBase } from "./root-data";
import "./GameCard.css";

export type GameCardGame = Pick<
  Game,
  | "_id"
  | "name"
  | "category"
  | "icon"
  | "avgRating"
  | "rating_count"
  | "total_likes"
  | "is_liked"
  | "is_placeholder"
>;

interface GameCardProps {
  game: GameCardGame;
  /** Screen name written to the detail link's _sF so its back link returns here. */
  from?: string;
  /** Load the icon eagerly (cards in the first screenful). */
  eager?: boolean;
  /** The level of the card's name: one below the heading the cards sit under. */
  headingLevel?: 2 | 3;
}

/** A tile in a game grid: icon, name, category, rating and likes; the whole card opens the detail page. */
function GameCard({
  game,
  from = "home-page",
  eager = false,
  headingLevel = 3,
}: GameCardProps) {
  const mediaBase = useMediaBase();
  const icon = resolveMediaUrl(game.icon, mediaBase);
  const Heading = `h${headingLevel}` as const;
  return (
    <Link
      to={detailPath(game._id, from)}
      className="game-card"
      prefetch="intent"
    >
      <div className="game-card__media">
        {icon ? (
          <img
            src={icon}
            alt=""
            width={256}
            height={256}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            {...firstScreenful(eager)}
          />
        ) : (
          <span className="game-card__fallback" aria-hidden="true">
            {game.name.slice(0, 1)}
          </span>
        )}
        {game.is_placeholder ? (
          <span className="badge badge--preview">Preview</span>
        ) : null}
      </div>
      <div className="game-card__body">
        <Heading className="game-card__name">{game.name}</Heading>
        <p className="game-card__category">{game.category}</p>
        <GameStats game={game} />
      </div>
    </Link>
  );
}

/**
 * A card's rating and likes. A game nobody has rated or liked yet shows neither: "★ 0.00" and "♥ 0" read as a
 * verdict on a game that has none.
 */
function GameStats({ game }: { game: GameCardGame }) {
  const rated = game.rating_count > 0;
  const liked = game.total_likes > 0 || game.is_liked;
  if (!rated && !liked) return null;
  return (
    <div className="game-card__stats">
      {rated ? (
        <span className="stat stat--rating" title="Average rating">
          <StarIcon size={14} />
          <span className="visually-hidden">Rating </span>
          {formatRating(game.avgRating)}
        </span>
      ) : null}
      {liked ? (
        <span
          className={
            game.is_liked ? "stat stat--likes is-liked" : "stat stat--likes"
          }
          title="Likes"
          data-liked={game.is_liked}
        >
          <HeartIcon size={14} filled={game.is_liked} />
          <span className="visually-hidden">
            {game.is_liked ? "Liked, likes " : "Likes "}
          </span>
          {formatCount(game.total_likes)}
        </span>
      ) : null}
    </div>
  );
}

export interface GameGridProps {
  games: readonly GameCardGame[];
  from?: string;
  /** How many leading cards load their icons eagerly. */
  eagerCount?: number;
  headingLevel?: 2 | 3;
}

/** Responsive grid of game cards: 2 columns on phones, 4 on desktop. */
export function GameGrid({
  games,
  from,
  eagerCount = 0,
  headingLevel,
}: GameGridProps) {
  return (
    // A short row keeps the cards' size and sits in the middle instead of leaving empty columns (CSS).
    <ul
      className="game-grid"
      data-count={games.length < 4 ? games.length : undefined}
    >
      {games.map((game, index) => (
        <li key={game._id}>
          <GameCard
            game={game}
            from={from}
            eager={index < eagerCount}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The first screenful's pictures hold the page's largest paint: fetched ahead of the scripts (docs/developing.md, "What a page
 * paints first"). React 18 passes the attribute through only when it is written in lowercase.
 */
const firstScreenful = (eager: boolean) =>
  eager ? { fetchpriority: "high" } : {};

export type GameListCardGame = GameCardGame &
  Pick<Game, "description" | "poster">;

/**
 * SPEC.md §2 game card of the liked, saved, recent and publisher lists: image, name, rating to 2 decimals, likes
 * (a red heart when liked), the description's text, How to Play and Play buttons.
 */
function GameListCard({
  game,
  eager = false,
  from = DEFAULT_ORIGIN,
  headingLevel = 3,
}: {
  game: GameListCardGame;
  eager?: boolean;
  /** Screen name written to the detail link's _sF so its back link returns here. */
  from?: string;
  /** The level of the card's name: one below the heading the list sits under. */
  headingLevel?: 2 | 3;
}) {
  const mediaBase = useMediaBase();
  const Heading = `h${headingLevel}` as const;
  const image = resolveMediaUrl(game.poster || game.icon, mediaBase);
  const text = htmlToText(game.description);
  return (
    <article className="list-card" aria-labelledby={`list-card-${game._id}`}>
      <Link
        to={detailPath(game._id, from)}
        className="list-card__media"
        tabIndex={-1}
        aria-hidden="true"
      >
        {image ? (
          <Picture
            src={image}
            alt=""
            width={320}
            height={180}
            sizes="128px"
            priority={eager}
          />
        ) : (
          <span className="game-card__fallback">{game.name.slice(0, 1)}</span>
        )}
      </Link>
      <div className="list-card__body">
        <Heading id={`list-card-${game._id}`} className="list-card__name">
          {game.name}
        </Heading>
        <GameStats game={game} />
        {text ? <p className="list-card__text">{text}</p> : null}
        <div className="list-card__actions">
          <Link
            to={detailPath(game._id, from)}
            className="button button--ghost button--small"
          >
            How to Play
          </Link>
          <Link
            to={playPath(game._id)}
            className="button button--primary button--small"
          >
            <PlayIcon size={16} />
            Play
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A list of SPEC.md §2 game cards: one column on phones, two or three on wider screens. */
export function GameList({
  games,
  from,
  headingLevel,
}: {
  games: readonly GameListCardGame[];
  /** The screen the list is on, for the detail page's back link. */
  from?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="game-list">
      {games.map((game, index) => (
        <li key={game._id}>
          <GameListCard
            game={game}
            eager={index < 2}
            from={from}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
