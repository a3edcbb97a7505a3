import {
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type Dispatch,
} from "react";
import type { Game } from "#contract/types";
import {
  buildFeedItems,
  Drawer,
  FEED_ANIMATION_MS,
  type FeedAction,
  feedReducer,
  type FeedState,
  initialFeedState,
  isNearCurrent,
  showsScrollToTop,
} from "~/state/feed";
import { useAccount } from "../AccountProvider";
import { adSlotForIndex } from "~/lib/ads";
import { EmptyState } from "../EmptyState";
import { FeedIcon } from "../icons";
import { ChevronIcon } from "./ChevronIcon";
import { FeedSlide } from "./FeedSlide";
import { LeaderboardDrawer } from "./LeaderboardDrawer";
import { PublisherDrawer } from "./PublisherDrawer";
import { useFeedGestures } from "./useFeedGestures";
import "./FeedScreen.css";

/** SPEC.md §2 Home feed: one game (or ad) per screen, moved by swipe, wheel and arrow keys; drawers on the sides. */
export function FeedScreen({
  games,
  adOffset,
}: {
  games: Game[];
  adOffset: number;
}) {
  // Ad slots are random in the feed (SPEC.md §9): the loader draws the offset, so server and browser agree.
  const items = useMemo(
    () => buildFeedItems(games, (place) => adSlotForIndex(place + adOffset)),
    [games, adOffset],
  );
  const [state, dispatch] = useReducer(
    feedReducer,
    items.length,
    initialFeedState,
  );
  const { popup } = useAccount();
  const stageRef = useRef<HTMLDivElement>(null);
  const [dragOffset, setDragOffset] = useState(0);

  useEffect(
    () => dispatch({ type: "reset", count: items.length }),
    [items.length],
  );

  const current = items[state.index];
  const currentGame = current?.kind === "game" ? current.game : null;
  // The drawers keep showing the last game while the feed sits on an ad.
  const [drawerGame, setDrawerGame] = useState<Game | null>(currentGame);
  useEffect(() => {
    if (currentGame) setDrawerGame(currentGame);
  }, [currentGame]);

  useFeedGestures({
    stageRef,
    dispatch,
    drawerOpen: state.drawer !== Drawer.closed,
    popupOpen: popup.type !== "idle",
    onDrag: setDragOffset,
  });

  if (items.length === 0) {
    return (
      <div className="feed-page">
        <EmptyState title="No games yet" icon={<FeedIcon size={28} />}>
          <p>
            New games land here as soon as they are published. Check back soon.
          </p>
        </EmptyState>
      </div>
    );
  }

  const dragging = dragOffset !== 0;
  const drawerOpen = state.drawer !== Drawer.closed;
  const toggle = (
    drawer: typeof Drawer.publisher | typeof Drawer.leaderboard,
  ) =>
    dispatch({
      type: state.drawer === drawer ? "closeDrawer" : "openDrawer",
      drawer,
    });
  return (
    <div className="feed-page">
      <h1 className="visually-hidden">Feed</h1>
      <div className="feed-layout">
        <button
          type="button"
          className="feed-side-button feed-side-button--left"
          aria-label={
            drawerGame
              ? `Open publisher ${drawerGame.publisher.name}`
              : "Open publisher"
          }
          disabled={!drawerGame}
          onClick={() => toggle(Drawer.publisher)}
        >
          <ChevronIcon direction="left" size={26} />
        </button>

        <div
          className={drawerOpen ? "feed has-drawer" : "feed"}
          ref={stageRef}
          role="region"
          aria-roledescription="carousel"
          aria-label="Game feed"
        >
          <div
            className={dragging ? "feed__track is-dragging" : "feed__track"}
            style={{
              transform: `translate3d(0, calc(${-state.index * 100}% + ${dragOffset}px), 0)`,
              transitionDuration: dragging ? "0ms" : `${FEED_ANIMATION_MS}ms`,
            }}
            aria-live="polite"
          >
            {items.map((item, index) => (
              <FeedSlide
                key={item.key}
                items={items}
                index={index}
                current={state.index}
                withVideo={isNearCurrent(state, index)}
                drawerOpen={drawerOpen}
                onOpenPublisher={() =>
                  dispatch({ type: "openDrawer", drawer: Drawer.publisher })
                }
                onOpenLeaderboard={() =>
                  dispatch({ type: "openDrawer", drawer: Drawer.leaderboard })
                }
              />
            ))}
          </div>

          <FeedNav state={state} count={items.length} dispatch={dispatch} />

          {drawerGame ? (
            <>
              <PublisherDrawer
                open={state.drawer === Drawer.publisher}
                publisher={drawerGame.publisher}
                onClose={() => dispatch({ type: "closeDrawer" })}
              />
              <LeaderboardDrawer
                open={state.drawer === Drawer.leaderboard}
                game={drawerGame}
                onClose={() => dispatch({ type: "closeDrawer" })}
              />
            </>
          ) : null}
          {drawerOpen ? (
            <button
              type="button"
              className="feed__scrim"
              aria-label="Close panel"
              tabIndex={-1}
              onClick={() => dispatch({ type: "closeDrawer" })}
            />
          ) : null}
        </div>

        <button
          type="button"
          className="feed-side-button feed-side-button--right"
          aria-label={
            drawerGame
              ? `Open leaderboard of ${drawerGame.name}`
              : "Open leaderboard"
          }
          disabled={!drawerGame}
          onClick={() => toggle(Drawer.leaderboard)}
        >
          <ChevronIcon direction="right" size={26} />
        </button>
      </div>
    </div>
  );
}

/** The desktop's previous and next buttons with the counter, and the way back to the first game. */
function FeedNav({
  state,
  count,
  dispatch,
}: {
  state: FeedState;
  count: number;
  dispatch: Dispatch<FeedAction>;
}) {
  return (
    <>
      <div className="feed__nav" role="group" aria-label="Feed navigation">
        <button
          type="button"
          className="feed__nav-button"
          aria-label="Previous game"
          disabled={state.index === 0}
          onClick={() => dispatch({ type: "key", key: "ArrowUp" })}
        >
          <ChevronIcon direction="up" size={22} />
        </button>
        <span className="feed__counter" aria-hidden="true">
          {state.index + 1}/{count}
        </span>
        <button
          type="button"
          className="feed__nav-button"
          aria-label="Next game"
          disabled={state.index === count - 1}
          onClick={() => dispatch({ type: "key", key: "ArrowDown" })}
        >
          <ChevronIcon direction="down" size={22} />
        </button>
      </div>

      {showsScrollToTop(state) ? (
        <button
          type="button"
          className="feed__to-top"
          aria-label="Back to the first game"
          onClick={() => dispatch({ type: "goTo", index: 0 })}
        >
          <ChevronIcon direction="up" size={20} />
          <span>First</span>
        </button>
      ) : null}
    </>
  );
}
