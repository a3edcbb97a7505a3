import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { adSlotForIndex } from "~/lib/ads";
import { AdSlot } from "./AdSlot";
import { CategoryTabs, categorySectionId } from "./CategoryTabs";
import { EmptyState } from "./EmptyState";
import { GameGrid, type GameCardGame } from "./GameCard";
import { GamesIcon, PlayIcon, SwordsIcon } from "./icons";
import "./HomeScreen.css";

function HomeHero({ gameCount }: { gameCount: number }) {
  return (
    <section className="hero" aria-labelledby="home-title">
      <div className="hero__text">
        <p className="hero__eyebrow">Free to play · No downloads</p>
        <h1 id="home-title" className="hero__title">
          Play great games <span className="text-gradient">in seconds</span>
        </h1>
        <p className="hero__lead">
          {gameCount > 0
            ? `${gameCount} quick-fire games, right in your browser. Pick one and tap play.`
            : "Quick-fire games, right in your browser. Pick one and tap play."}
        </p>
      </div>
      <div className="hero__actions">
        <Link to="/home" className="button button--primary">
          <PlayIcon size={18} />
          Browse games
        </Link>
        <Link to="/challenges" className="button button--ghost">
          <SwordsIcon size={18} />
          Challenges
        </Link>
      </div>
    </section>
  );
}

/** A category of home with what its cards show of each game. */
export interface HomeSection {
  _id: number;
  name: string;
  games: readonly GameCardGame[];
}

/** Home (/ and /home-page): games grouped by category, each section followed by an ad. */
export function HomeScreen({ sections }: { sections: readonly HomeSection[] }) {
  const gameCount = sections.reduce(
    (total, section) => total + section.games.length,
    0,
  );
  return (
    <div className="home">
      <HomeHero gameCount={gameCount} />
      {sections.length === 0 ? (
        <EmptyState title="No games yet" icon={<GamesIcon size={28} />}>
          <p>
            New games are on their way. Check back soon to find something fun to
            play.
          </p>
        </EmptyState>
      ) : (
        <>
          <CategoryTabs categories={sections} />
          {sections.map((section, index) => (
            <Fragment key={section._id}>
              <section
                id={categorySectionId(section._id)}
                className="category-section"
                aria-labelledby={`${categorySectionId(section._id)}-title`}
              >
                <div className="section-head">
                  <h2
                    id={`${categorySectionId(section._id)}-title`}
                    className="section-title"
                  >
                    {section.name}
                  </h2>
                  <span className="section-count">
                    {section.games.length}{" "}
                    {section.games.length === 1 ? "game" : "games"}
                  </span>
                </div>
                <GameGrid
                  games={section.games}
                  from="index"
                  eagerCount={index === 0 ? 4 : 0}
                />
              </section>
              {/* SPEC.md §9: on Home the slot id follows the category index; the house ad promotes the next section's game. */}
              <AdSlot
                slot={adSlotForIndex(index)}
                label={`Advertisement after ${section.name}`}
                houseGame={sections[(index + 1) % sections.length].games[0]}
                onScreenGameIds={section.games.map((game) => game._id)}
              />
            </Fragment>
          ))}
        </>
      )}
    </div>
  );
}
