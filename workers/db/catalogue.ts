import brickBreaker from "../../games/brick-breaker/meta.json";
import bubblePop from "../../games/bubble-pop/meta.json";
import colorFlood from "../../games/color-flood/meta.json";
import dashRunner from "../../games/dash-runner/meta.json";
import fruitCatch from "../../games/fruit-catch/meta.json";
import memoryMatch from "../../games/memory-match/meta.json";
import mergeTiles from "../../games/merge-tiles/meta.json";
import moleMash from "../../games/mole-mash/meta.json";
import skyHopper from "../../games/sky-hopper/meta.json";
import snake from "../../games/snake/meta.json";
import starDodger from "../../games/star-dodger/meta.json";
import towerStack from "../../games/tower-stack/meta.json";

/** What each game in games/<slug>/meta.json says about itself; `catalogueSql` (workers/seed/catalogue-sql.ts) turns these into catalogue rows. */
export interface GameMeta {
  name: string;
  category: string;
  publisher: string;
  description: string;
  how_to_play: string;
  leaderboard_type: number;
  game_modes: number[];
  maximum_game_time: number;
  /** The most points (or levels) a player could gain per second; faster scores are refused. */
  max_score_rate?: number;
  /**
   * The least score (or level) of a round that can win a tournament prize or count towards a player's eligibility
   * (ADR 027): above what a round of a few seconds scores, well within an ordinary round.
   */
  prize_min_score: number;
}

export const CATALOGUE: ReadonlyArray<{ slug: string; meta: GameMeta }> = [
  { slug: "snake", meta: snake },
  { slug: "brick-breaker", meta: brickBreaker },
  { slug: "mole-mash", meta: moleMash },
  { slug: "merge-tiles", meta: mergeTiles },
  { slug: "memory-match", meta: memoryMatch },
  { slug: "color-flood", meta: colorFlood },
  { slug: "sky-hopper", meta: skyHopper },
  { slug: "star-dodger", meta: starDodger },
  { slug: "dash-runner", meta: dashRunner },
  { slug: "tower-stack", meta: towerStack },
  { slug: "bubble-pop", meta: bubblePop },
  { slug: "fruit-catch", meta: fruitCatch },
];

export const CATEGORIES = ["Arcade", "Puzzle", "Action", "Casual"] as const;

export const PUBLISHERS = [
  {
    slug: "pixel-harbor",
    name: "Pixel Harbor",
    about:
      "Pixel Harbor is a two-person studio by the sea that makes bright, fast arcade games you can finish on a bus ride. We love tight controls, clean colours and high-score chases.",
  },
  {
    slug: "lantern-games",
    name: "Lantern Games",
    about:
      "Lantern Games builds calm puzzle games with a twist: short sessions, no timers unless you want them, and levels that get just a little harder every time.",
  },
  {
    slug: "tiny-orbit",
    name: "Tiny Orbit",
    about:
      "Tiny Orbit makes playful casual games for every screen. Our games load in a blink, play with one thumb and are made to be shared with friends.",
  },
] as const;

/** Promo clips and posters live in public/media/promos/, addressed relative to the media base. */
export const promoVideo = (slug: string) => `promos/${slug}.webm`;
export const promoPoster = (slug: string) => `promos/${slug}.jpg`;
