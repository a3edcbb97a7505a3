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

/** What each game in games/<slug>/meta.json says about itself; the seed turns these into catalogue rows. */
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
