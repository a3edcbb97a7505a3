import { assertNever } from "#contract/protocol";

/** SPEC.md §9: wheel deltas add up until their size reaches this, then the feed moves one item. */
export const WHEEL_THRESHOLD = 50;
/** SPEC.md §9: slide and heart-beat animations. */
export const FEED_ANIMATION_MS = 500;
/** SPEC.md §9: feed descriptions and publisher about lines are cut at these lengths. */
export const FEED_DESCRIPTION_MAX = 80;
export const PUBLISHER_ABOUT_MAX = 40;

export type FeedItem<G> =
  | { kind: "game"; key: string; game: G }
  | { kind: "ad"; key: string; slot: string };

/**
 * SPEC.md §2: an ad after every second game (after the 2nd, 4th, 6th … game, counting from 1), never as the last item.
 * `pickSlot` chooses the ad slot id of the n-th ad place (0-based), random in the app, fixed in tests.
 */
export function buildFeedItems<G extends { _id: number }>(
  games: readonly G[],
  pickSlot: (place: number) => string,
): FeedItem<G>[] {
  const items: FeedItem<G>[] = [];
  games.forEach((game, index) => {
    items.push({ kind: "game", key: `game-${game._id}`, game });
    const position = index + 1;
    if (position % 2 === 0 && position < games.length) {
      const place = position / 2 - 1;
      items.push({ kind: "ad", key: `ad-${place}`, slot: pickSlot(place) });
    }
  });
  return items;
}

/** SPEC.md §4 drawer state. */
export const Drawer = { closed: 0, publisher: 1, leaderboard: 2 } as const;
type DrawerState = (typeof Drawer)[keyof typeof Drawer];

export interface FeedState {
  /** Number of items (games and ads). */
  count: number;
  index: number;
  /** Wheel deltaY added up since the last step. */
  wheelSum: number;
  drawer: DrawerState;
}

/**
 * Horizontal swipes, named by the direction the finger travels:
 * - swipe left (finger moves right → left) pulls in the panel on the right: the leaderboard (2);
 * - swipe right (finger moves left → right) pulls in the panel on the left: the publisher (1);
 * - the opposite swipe closes an open drawer (left closes the publisher, right closes the leaderboard).
 * The desktop arrow buttons match: ‹ opens the publisher, › opens the leaderboard.
 */
export type FeedAction =
  | { type: "reset"; count: number }
  | { type: "swipeVertical"; direction: "next" | "previous" }
  | { type: "wheel"; deltaY: number }
  | { type: "key"; key: string }
  | { type: "goTo"; index: number }
  | { type: "swipeHorizontal"; direction: "left" | "right" }
  | { type: "openDrawer"; drawer: DrawerState }
  | { type: "closeDrawer" };

export function initialFeedState(count: number): FeedState {
  return { count, index: 0, wheelSum: 0, drawer: Drawer.closed };
}

const clamp = (index: number, count: number) =>
  Math.min(Math.max(index, 0), Math.max(count - 1, 0));

function step(state: FeedState, index: number): FeedState {
  return index === state.index && state.wheelSum === 0
    ? state
    : { ...state, index, wheelSum: 0 };
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case "reset":
      return {
        ...state,
        count: action.count,
        index: clamp(state.index, action.count),
        wheelSum: 0,
      };
    case "swipeVertical": {
      // Swiping wraps around: past the last item to the first, before the first to the last.
      if (state.count === 0) return state;
      const delta = action.direction === "next" ? 1 : -1;
      return step(state, (state.index + delta + state.count) % state.count);
    }
    case "wheel": {
      const wheelSum = state.wheelSum + action.deltaY;
      if (Math.abs(wheelSum) < WHEEL_THRESHOLD) return { ...state, wheelSum };
      return step(state, clamp(state.index + Math.sign(wheelSum), state.count));
    }
    case "key":
      if (action.key === "ArrowDown")
        return step(state, clamp(state.index + 1, state.count));
      if (action.key === "ArrowUp")
        return step(state, clamp(state.index - 1, state.count));
      if (action.key === "Escape")
        return feedReducer(state, { type: "closeDrawer" });
      return state;
    case "goTo":
      return step(state, clamp(action.index, state.count));
    case "swipeHorizontal": {
      const opens: DrawerState =
        action.direction === "left" ? Drawer.leaderboard : Drawer.publisher;
      const closes: DrawerState =
        action.direction === "left" ? Drawer.publisher : Drawer.leaderboard;
      if (state.drawer === Drawer.closed) return { ...state, drawer: opens };
      if (state.drawer === closes) return { ...state, drawer: Drawer.closed };
      return state;
    }
    case "openDrawer":
      return state.drawer === action.drawer
        ? state
        : { ...state, drawer: action.drawer };
    case "closeDrawer":
      return state.drawer === Drawer.closed
        ? state
        : { ...state, drawer: Drawer.closed };
    default:
      return assertNever(action);
  }
}

/** SPEC.md §2: the scroll-to-top button shows once the current index is above 1. */
export const showsScrollToTop = (state: FeedState): boolean => state.index > 1;

/** Only the current item and its neighbours get a video source, so a long feed stays light. */
export const isNearCurrent = (state: FeedState, index: number): boolean =>
  Math.abs(index - state.index) <= 1;
