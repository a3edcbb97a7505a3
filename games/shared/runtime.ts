import { createSound, type Sound } from "./audio";
import { decodeLog, encodeLog, type InputLog } from "./input-log";
import type { Rng } from "./rng";
import { type Round, type Replay, startReplay, startRound } from "./round";
import { serverDealer } from "./server-dealer";
import {
  appendBest,
  appendPlayAgain,
  createChrome,
  createMute,
  fillEndCard,
} from "./chrome";
import {
  type Dealer,
  type Effect,
  type Rules,
  type Simulation,
  STEP,
  clamp,
  ranked,
} from "./sim";

/**
 * The shared runtime of Playfeed's own games in the browser: a fixed-step loop over the game's
 * simulation (games/<slug>/sim.ts, pure rules the Worker replays too), a canvas that fills any frame,
 * pointer and keyboard input in world coordinates recorded into the round's input log, the SDK
 * conversation, mute, a score HUD, the game-over card, the watch mode that replays a stored run, and
 * the self-playing demo used for promo videos.
 *
 * Query flags: ?demo=1 self-plays forever (promo recording); ?record=1 stops the clock so a script
 * steps it (window.__playfeed); ?seed=N picks the seed outside a platform frame.
 */

export { STEP, clamp };

/** What a game's drawing may know besides its simulation's state. */
export interface View {
  /** True while the game plays itself (promo videos): draw the demo player's finger, for example. */
  demo: boolean;
  /** Steps since the round began: for animation only, never for rules. */
  steps: number;
}

export interface GameDefinition<S extends Simulation> {
  /** The rules: pure, shared with the Worker. */
  rules: Rules<S>;
  title: string;
  /** One line shown when the round starts, e.g. "Tap or press Space to flap". */
  hint: string;
  /** CSS colour around and behind the world. */
  background: string;
  /** Draws the simulation's state in world coordinates (the runtime scales and letterboxes). */
  render(g: CanvasRenderingContext2D, sim: S, view: View): void;
}

/** Steps between two checkpoints of a round's log (one second). */
const CHECKPOINT_STEPS = 60;

const KEYS_WE_OWN = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  " ",
  "Spacebar",
]);

export function runGame<S extends Simulation>(
  definition: GameDefinition<S>,
): void {
  const params = new URLSearchParams(location.search);
  const demo = params.get("demo") === "1";
  const record = params.get("record") === "1";
  const sdk = window.PlayfeedSDK;
  const sound = createSound();
  const { world } = definition.rules;

  document.title = definition.title;
  document.body.style.background = definition.background;
  const { canvas, scoreLabel, levelLabel, muteButton, hint, card } =
    createChrome(definition.title, definition.hint, {
      embedded: sdk.embedded,
      demo,
    });
  const g = canvas.getContext("2d")!;
  let view = { scale: 1, offsetX: 0, offsetY: 0 };
  let round: Round<S> | null = null;
  /** Set while a stored run is being watched: its steps drive the round, the player's input does not. */
  let watching: { replay: Replay<S>; speed: number } | null = null;
  let seed = 0;
  let trace: number[] = [];
  let durationSteps = Infinity;
  let paused = false;
  /** Paused by the platform (its round is over, or an ad is on screen), not only by a hidden tab. */
  let externallyPaused = false;
  let finished = false;
  let lastScore = -1;
  let lastLevel: number | undefined;
  let demoRestartIn = 0;

  const mute = createMute(sound, muteButton, {
    player: demo,
    platform: sdk.muted,
  });

  function resize() {
    const ratio = window.devicePixelRatio || 1;
    const width = window.innerWidth;
    const height = window.innerHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const scale = Math.min(width / world.width, height / world.height);
    view = {
      scale: scale * ratio,
      offsetX: ((width - world.width * scale) / 2) * ratio,
      offsetY: ((height - world.height * scale) / 2) * ratio,
    };
    draw();
  }

  function toWorld(event: PointerEvent | MouseEvent) {
    const ratio = window.devicePixelRatio || 1;
    return {
      x: (event.clientX * ratio - view.offsetX) / view.scale,
      y: (event.clientY * ratio - view.offsetY) / view.scale,
    };
  }

  /** True while a resumed round is stepped up to where it was: silently, in one go. */
  let catchingUp = false;
  const play = (effect: Effect) => {
    if (!catchingUp) sound.play(effect);
  };
  /** The seed's draws, kept for the record-mode test hook. */
  const traced = (rules: Rules<S>): Rules<S> => ({
    ...rules,
    create: (ctx) => rules.create({ ...ctx, rng: tracing(ctx.rng, trace) }),
  });

  function begin(startSeed: number, duration?: number) {
    seed = startSeed >>> 0;
    trace = [];
    finished = false;
    lastScore = -1;
    lastLevel = undefined;
    durationSteps = duration ? Math.round(duration / STEP) : Infinity;
    card.hidden = true;
    hint.classList.remove("pf-hint--gone");
    setTimeout(() => hint.classList.add("pf-hint--gone"), 2200);
  }

  /**
   * Starts a round from the seed; with `resume` (the input log of this round so far, from a page that reloaded in a
   * match), steps it through those inputs to where it was and carries on from there: the same round, whose log the
   * server will replay from the start.
   */
  /**
   * What a game that hides information (ADR 014) is dealt from: the server, card by card, in a round it dealt;
   * otherwise (practice, standalone, the demo) a hidden seed of this browser's own.
   */
  function dealerFor(dealt: boolean): Dealer | undefined {
    const { dealer } = definition.rules;
    if (!dealer) return undefined;
    if (dealt && sdk.embedded)
      return serverDealer((turn, level, card) => sdk.reveal(turn, level, card));
    return dealer(crypto.getRandomValues(new Uint32Array(1))[0]);
  }

  function start(
    startSeed: number,
    duration?: number,
    resume?: string,
    dealt = false,
  ) {
    // The platform pauses a game when its round is over; a new round runs again (unless the tab is hidden).
    externallyPaused = false;
    paused = document.hidden;
    begin(startSeed, duration);
    watching = null;
    const deal = dealerFor(dealt);
    round = startRound(traced(definition.rules), seed, play, deal);
    // A round whose faces the server dealt cannot be stepped through its log again here: it starts afresh.
    if (resume && !deal) {
      let log: InputLog | null = null;
      try {
        log = decodeLog(resume);
      } catch {
        // Not a log this game wrote: the round starts afresh.
      }
      if (log) {
        const replay = startReplay(traced(definition.rules), seed, log, play);
        catchingUp = true;
        try {
          while (replay.step());
          round = replay.round;
        } catch {
          round = startRound(traced(definition.rules), seed, play);
        } finally {
          catchingUp = false;
        }
      }
    }
    if (!demo) {
      sdk.gameplayStart();
      canvas.focus({ preventScroll: true });
    }
    reportProgress();
    draw();
  }

  /** Replays a stored run: same seed, same inputs on the same steps, `speed` steps per tick. */
  function watch(
    startSeed: number,
    log: InputLog,
    speed: number,
    hiddenSeed?: number,
  ) {
    begin(startSeed);
    hint.hidden = true;
    const { dealer } = definition.rules;
    const replay = startReplay(
      definition.rules,
      seed,
      log,
      play,
      dealer && hiddenSeed !== undefined ? dealer(hiddenSeed) : undefined,
    );
    watching = { replay, speed: Math.max(1, Math.min(8, Math.round(speed))) };
    round = replay.round;
    reportProgress();
    draw();
  }

  function reportProgress() {
    if (!round) return;
    const { sim } = round;
    if (sim.score !== lastScore) {
      lastScore = sim.score;
      scoreLabel.textContent = String(sim.score);
    }
    if (sim.level !== lastLevel) {
      lastLevel = sim.level;
      levelLabel.textContent =
        sim.level === undefined ? "" : `Level ${sim.level}`;
    }
    if (!demo) sdk.score(ranked(sim));
  }

  function finish(timeUp: boolean) {
    if (!round || finished) return;
    finished = true;
    const { sim } = round;
    sound.play("over");
    if (demo) {
      demoRestartIn = 90; // steps: the demo shows its end for 1.5 s, then plays again
      return;
    }
    fillEndCard(
      card,
      watching ? "End of the run" : timeUp ? "Time's up!" : "Game over",
      sim,
    );
    if (watching) {
      sdk.watchEnded(ranked(sim));
      card.hidden = false;
      return;
    }
    sdk.gameplayStop();
    sdk.finalScore(ranked(sim), encodeLog(round.log()));
    appendBest(card, sdk.storage, ranked(sim), sim.level !== undefined);
    if (!sdk.embedded) appendPlayAgain(card, () => start((seed + 1) >>> 0));
    card.hidden = false;
  }

  function step() {
    if (demo && finished && --demoRestartIn <= 0) start(seed + 1);
    if (!round || finished) return;
    if (watching) {
      for (let i = 0; i < watching.speed && !finished; i++) {
        const more = watching.replay.step();
        reportProgress();
        if (!more || round.sim.over) finish(false);
      }
      return;
    }
    round.step({ autoplay: demo });
    reportProgress();
    if (round.sim.over) finish(false);
    else if (round.steps >= durationSteps) finish(true);
    // Once a second, the log so far: the page keeps it, so a reload in a match can resume this round.
    else if (!demo && round.steps % CHECKPOINT_STEPS === 0)
      sdk.checkpoint(encodeLog(round.log()));
  }

  function draw() {
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = definition.background;
    g.fillRect(0, 0, canvas.width, canvas.height);
    if (!round) return;
    g.setTransform(view.scale, 0, 0, view.scale, view.offsetX, view.offsetY);
    g.save();
    g.beginPath();
    g.rect(0, 0, world.width, world.height);
    g.clip();
    definition.render(g, round.sim, { demo, steps: round.steps });
    g.restore();
  }

  // Input, in world coordinates, queued for the next step. Nothing reaches a round that is paused,
  // over, watched or playing itself.
  listenForInput(
    canvas,
    () => (round && !finished && !paused && !demo && !watching ? round : null),
    toWorld,
    mute.toggle,
  );
  window.addEventListener("resize", resize);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) paused = true;
    else if (!externallyPaused) paused = false;
  });

  sdk
    .on("start", ({ seed: startSeed, duration, resume, dealt }) =>
      start(startSeed, duration, resume, dealt),
    )
    .on("watch", ({ seed: startSeed, log, speed, hiddenSeed }) => {
      try {
        watch(startSeed, decodeLog(log), speed ?? 1, hiddenSeed);
      } catch {
        card.innerHTML = "<h2>This run cannot be shown</h2>";
        card.hidden = false;
      }
    })
    .on("speed", ({ speed }) => {
      if (watching) watching.speed = Math.max(1, Math.min(8, speed));
    })
    .on("pause", () => {
      externallyPaused = true;
      paused = true;
    })
    .on("resume", () => {
      externallyPaused = false;
      paused = document.hidden;
    })
    .on("mute", () => mute.platform(true))
    .on("unmute", () => mute.platform(false));

  resize();

  if (record) {
    window.__playfeed = {
      start: (startSeed, duration) => start(startSeed, duration),
      step(count) {
        for (let i = 0; i < count; i++) step();
        draw();
      },
      rngTrace: () => [...trace],
      state: () => ({
        score: round?.sim.score ?? 0,
        over: finished,
        level: round?.sim.level,
      }),
      log: () => (round ? encodeLog(round.log()) : ""),
    };
    if (demo) start(Number(params.get("seed") ?? 1));
    return;
  }

  runLoop(step, draw, () => paused);

  if (demo) {
    start(Number(params.get("seed") ?? 1));
    return;
  }
  if (!sdk.embedded && params.has("seed")) {
    start(Number(params.get("seed")));
    return;
  }
  sdk.loadingProgress(100);
  sdk.ready();
}

/** Queues the player's pointer and keys for the next step of the round `live` names, if any. */
function listenForInput(
  canvas: HTMLCanvasElement,
  live: () => Round | null,
  toWorld: (event: PointerEvent) => { x: number; y: number },
  toggleMuted: () => void,
) {
  canvas.addEventListener("pointerdown", (event) => {
    canvas.focus({ preventScroll: true });
    const round = live();
    if (!round) return;
    event.preventDefault();
    canvas.setPointerCapture?.(event.pointerId);
    const { x, y } = toWorld(event);
    round.input.pointerDown(x, y);
  });
  canvas.addEventListener("pointermove", (event) => {
    const round = live();
    if (!round) return;
    const { x, y } = toWorld(event);
    round.input.pointerMove(x, y);
  });
  canvas.addEventListener("pointerup", (event) => {
    const round = live();
    if (!round) return;
    const { x, y } = toWorld(event);
    round.input.pointerUp(x, y);
  });
  window.addEventListener("keydown", (event) => {
    if (event.key === "m" || event.key === "M") {
      toggleMuted();
      return;
    }
    if (KEYS_WE_OWN.has(event.key)) event.preventDefault();
    const round = live();
    if (!round || event.repeat) return;
    round.input.keyDown(event.key);
  });
  window.addEventListener("keyup", (event) => {
    live()?.input.keyUp(event.key);
  });
}

/** Fixed steps against real time: the same inputs on the same seed give the same game. */
function runLoop(step: () => void, draw: () => void, paused: () => boolean) {
  let previous = performance.now();
  let accumulator = 0;
  function frame(now: number) {
    accumulator = Math.min(accumulator + (now - previous) / 1000, 0.25);
    previous = now;
    if (!paused()) {
      while (accumulator >= STEP) {
        step();
        accumulator -= STEP;
      }
    } else {
      accumulator = 0;
    }
    draw();
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}

/** The same generator, noting its first draws (the seed test compares them). */
function tracing(rng: Rng, trace: number[]): Rng {
  const note = (value: number) => {
    if (trace.length < 64) trace.push(value);
    return value;
  };
  const next = () => note(rng.next());
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
  };
}

export function roundRect(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  g.beginPath();
  g.roundRect(x, y, w, h, r);
}

export type { Effect, Rng, Sound };
export type { Input, Rules, Simulation, SimContext } from "./sim";
