import type { Rng } from "./rng";
import type { Effect, Input, Rules, Simulation } from "./sim";

/**
 * Games whose rules and drawing still share one object (`render` beside `update`) run through this adapter until
 * they are split like Neon Snake and Tower Stack. The object is still a pure simulation at run time: it touches no
 * DOM, canvas or audio outside `render`, which the Worker never calls, and its randomness is the seeded generator.
 * The adapter turns the demo player's direct calls of the game's own handlers into logged inputs, so a demo round
 * replays like a person's.
 */

export interface GameContext {
  rng: Rng;
  sound: { play(effect: Effect): void; muted: boolean };
  /** Always false: the rules are the same whoever plays (the demo finds its inputs through `autoplay`). */
  demo: boolean;
}

export interface Game extends Omit<Simulation, "autoplay"> {
  /** Draws in world coordinates. */
  render(g: CanvasRenderingContext2D): void;
  /** Demo mode: this step's input, given by calling the game's own handlers. */
  autoplay?(): void;
}

export type LegacyGame = Game & Simulation;

const HANDLERS = [
  "pointerDown",
  "pointerMove",
  "pointerUp",
  "keyDown",
  "keyUp",
] as const;

export function legacyRules(
  slug: string,
  world: { width: number; height: number },
  create: (ctx: GameContext) => Game,
): Rules<LegacyGame> {
  return {
    slug,
    world,
    create({ rng, emit }) {
      const game = create({
        rng,
        sound: { play: emit, muted: false },
        demo: false,
      });
      // While the demo decides, a call of a handler is an input given through the round (logged, then applied);
      // the round applies it by calling the handler again, which then runs the game's own code.
      let sink: Input | null = null;
      for (const kind of HANDLERS) {
        const own: ((...args: never[]) => void) | undefined = game[kind];
        if (!own) continue;
        const handler = (...args: never[]) => {
          const through = sink;
          if (!through) return own.apply(game, args);
          // Handing the input over: the round calls this handler again to apply it, which must then reach the game.
          sink = null;
          try {
            const give: (...values: never[]) => void = through[kind];
            give(...args);
          } finally {
            sink = through;
          }
        };
        Object.assign(game, { [kind]: handler });
      }
      const decide = game.autoplay?.bind(game);
      return Object.assign(game, {
        autoplay: decide
          ? (input: Input) => {
              sink = input;
              try {
                decide();
              } finally {
                sink = null;
              }
            }
          : undefined,
      });
    },
  };
}
