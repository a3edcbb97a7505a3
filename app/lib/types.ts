/** JSON shapes of the public API (SPEC.md §3 field names), shared by the server and the UI. */

export type GameMode = 1 | 2 | 4;

export interface PublisherSummary {
  _id: number;
  name: string;
  icon: string;
}

export interface Publisher extends PublisherSummary {
  banner: string;
  about: string;
}

export interface Game {
  _id: number;
  slug: string;
  name: string;
  category: string;
  description: string;
  how_to_play: string;
  icon: string;
  video: string | null;
  poster: string | null;
  is_liked: boolean;
  total_likes: number;
  avgRating: number;
  game_modes: GameMode[];
  leaderboard_type: number;
  type: number;
  external_link: string | null;
  maximum_game_time: number;
  publisher: PublisherSummary;
  is_placeholder: boolean;
}

export interface CategorySection {
  _id: number;
  name: string;
  games: Game[];
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}
