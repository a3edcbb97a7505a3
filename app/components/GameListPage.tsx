import { Link } from "@remix-run/react";
import { type ReactNode } from "react";
import type { Game } from "#contract/types";
import { EmptyState, LoginRequired } from "./EmptyState";
import { GameList } from "./GameCard";
import { PageHeader } from "./PageHeader";
import { HomeIcon } from "./icons";

export interface GameListPageProps {
  title: string;
  subtitle: string;
  icon: ReactNode;
  /** The player's games, or null for a visitor (who gets the login panel). */
  games: Game[] | null;
  /** Completes "Log in to see …". */
  loginWhat: string;
  emptyTitle: string;
  emptyText: string;
  /** This page's screen name (`_sF`), so a game's back link returns here. */
  screen: string;
}

/** The player's own lists (Likes, All Games, Recently Played): SPEC.md §2 game cards, a designed empty state. */
export function GameListPage({
  title,
  subtitle,
  icon,
  games,
  loginWhat,
  emptyTitle,
  emptyText,
  screen,
}: GameListPageProps) {
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={
          games && games.length > 0
            ? `${games.length} ${games.length === 1 ? "game" : "games"} · ${subtitle}`
            : subtitle
        }
      />
      {games === null ? (
        <LoginRequired what={loginWhat} icon={icon} />
      ) : games.length === 0 ? (
        <EmptyState
          title={emptyTitle}
          icon={icon}
          actions={
            <Link to="/" className="button button--primary">
              <HomeIcon size={18} />
              Go to Home
            </Link>
          }
        >
          <p>{emptyText}</p>
        </EmptyState>
      ) : (
        <GameList games={games} from={screen} headingLevel={2} />
      )}
    </div>
  );
}
