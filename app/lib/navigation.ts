/**
 * Where a "back" link goes. Pages pass their own screen in the `_sF` query (SPEC.md §2, default home-page);
 * only a plain screen name is accepted so the link can never leave our origin.
 */

const SCREEN_LABELS: Record<string, string> = {
  index: "Home",
  "home-page": "Feed",
  home: "Games",
  likes: "Likes",
  "saved-games": "All Games",
  "recently-played": "Recently Played",
  challenges: "Challenges",
  social: "Social",
  "user-info": "Profile",
};

export const DEFAULT_ORIGIN = "home-page";

export interface Origin {
  screen: string;
  path: string;
  label: string;
}

export function originFromQuery(value: string | null | undefined): Origin {
  const screen =
    value && /^[a-z][a-z0-9-]{0,39}$/.test(value) ? value : DEFAULT_ORIGIN;
  // `index` is the games-by-category home at `/`; `publisher-{id}` a publisher's page.
  if (screen === "index") return { screen, path: "/", label: "Home" };
  const publisher = /^publisher-(\d{1,9})$/.exec(screen);
  if (publisher)
    return { screen, path: `/publisher/${publisher[1]}`, label: "Publisher" };
  return { screen, path: `/${screen}`, label: SCREEN_LABELS[screen] ?? "Back" };
}

/** Detail page address of a game, remembering the screen it was opened from. */
export function detailPath(
  gameId: number,
  origin: string = DEFAULT_ORIGIN,
): string {
  return `/detail/${gameId}?_sF=${encodeURIComponent(origin)}`;
}

export function playPath(gameId: number): string {
  return `/play/${gameId}?type=0`;
}
