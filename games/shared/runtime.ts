import { createSound, type Sound } from "./audio";
import { decodeLog, encodeLog, type InputLog } from "./input-log";
import type { Rng } from "./rng";
import { type Round, type Replay, startReplay, startRound } from "./round";
import { serverDealer } from "./server-dealer";
import { listenForInput } from "./listen";
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

export { clamp };

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

/** One game page's runtime: its page furniture, the round in play and how it is going. */
interface RunState<S extends Simulation> {
  definition: GameDefinition<S>;
  params: URLSearchParams;
  demo: boolean;
  record: boolean;
  sdk: PlayfeedSDKApi;
  sound: Sound;
  world: { width: number; height: number };
  canvas: HTMLCanvasElement;
  scoreLabel: HTMLElement;
  levelLabel: HTMLElement;
  muteButton: HTMLButtonElement;
  hint: HTMLElement;
  card: HTMLElement;
  g: CanvasRenderingContext2D;
  view: { scale: number; offsetX: number; offsetY: number };
  round: Round<S> | null;
  /** Set while a stored run is being watched: its steps drive the round, the player's input does not. */
  watching: { replay: Replay<S>; speed: number } | null;
  seed: number;
  trace: number[];
  durationSteps: number;
  paused: boolean;
  /** Paused by the platform (its round is over, or an ad is on screen), not only by a hidden tab. */
  externallyPaused: boolean;
  finished: boolean;
  lastScore: number;
  lastLevel: number | undefined;
  demoRestartIn: number;
  mute: { toggle: () => void; platform(muted: boolean): void };
  /** True while a resumed round is stepped up to where it was: silently, in one go. */
  catchingUp: boolean;
}

function runGameState<S extends Simulation>(
  definition: GameDefinition<S>,
): RunState<S> {
  document.title = definition.title;
  document.body.style.background = definition.background;
  const params = new URLSearchParams(location.search);
  const demo = params.get("demo") === "1";
  const record = params.get("record") === "1";
  const sdk = window.PlayfeedSDK;
  const sound = createSound();
  const { world } = definition.rules;
  const { canvas, scoreLabel, levelLabel, muteButton, hint, card } =
    createChrome(definition.title, definition.hint, {
      embedded: sdk.embedded,
      demo,
    });
  const g = canvas.getContext("2d")!;
  const mute = createMute(sound, muteButton, {
    player: demo,
    platform: sdk.muted,
  });
  return {
    definition,
    params,
    demo,
    record,
    sdk,
    sound,
    world,
    canvas,
    scoreLabel,
    levelLabel,
    muteButton,
    hint,
    card,
    g,
    view: { scale: 1, offsetX: 0, offsetY: 0 },
    round: null,
    watching: null,
    seed: 0,
    trace: [],
    durationSteps: Infinity,
    paused: false,
    externallyPaused: false,
    finished: false,
    lastScore: -1,
    lastLevel: undefined,
    demoRestartIn: 0,
    mute,
    catchingUp: false,
  };
}

function resize<S extends Simulation>(st: RunState<S>) {
  const ratio = window.devicePixelRatio || 1;
  const width = window.innerWidth;
  const height = window.innerHeight;
  st.canvas.width = Math.round(width * ratio);
  st.canvas.height = Math.round(height * ratio);
  st.canvas.style.width = `${width}px`;
  st.canvas.style.height = `${height}px`;
  const scale = Math.min(width / st.world.width, height / st.world.height);
  st.view = {
    scale: scale * ratio,
    offsetX: ((width - st.world.width * scale) / 2) * ratio,
    offsetY: ((height - st.world.height * scale) / 2) * ratio,
  };
  draw(st);
}

function toWorld<S extends Simulation>(
  st: RunState<S>,
  event: PointerEvent | MouseEvent,
) {
  const ratio = window.devicePixelRatio || 1;
  return {
    x: (event.clientX * ratio - st.view.offsetX) / st.view.scale,
    y: (event.clientY * ratio - st.view.offsetY) / st.view.scale,
  };
}

const play = <S extends Simulation>(st: RunState<S>, effect: Effect) => {
  if (!st.catchingUp) st.sound.play(effect);
};

/** The seed's draws, kept for the record-mode test hook. */
const traced = <S extends Simulation>(
  st: RunState<S>,
  rules: Rules<S>,
): Rules<S> => ({
  ...rules,
  create: (ctx) => rules.create({ ...ctx, rng: tracing(ctx.rng, st.trace) }),
});

function begin<S extends Simulation>(
  st: RunState<S>,
  startSeed: number,
  duration?: number,
) {
  st.seed = startSeed >>> 0;
  st.trace = [];
  st.finished = false;
  st.lastScore = -1;
  st.lastLevel = undefined;
  st.durationSteps = duration ? Math.round(duration / STEP) : Infinity;
  st.card.hidden = true;
  st.hint.classList.remove("pf-hint--gone");
  setTimeout(() => st.hint.classList.add("pf-hint--gone"), 2200);
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
function dealerFor<S extends Simulation>(
  st: RunState<S>,
  dealt: boolean,
): Dealer | undefined {
  const { dealer } = st.definition.rules;
  if (!dealer) return undefined;
  if (dealt && st.sdk.embedded)
    return serverDealer((turn, level, card) =>
      st.sdk.reveal(turn, level, card),
    );
  return dealer(crypto.getRandomValues(new Uint32Array(1))[0]);
}

function start<S extends Simulation>(
  st: RunState<S>,
  startSeed: number,
  duration?: number,
  resume?: string,
  dealt = false,
) {
  // The platform pauses a game when its round is over; a new round runs again (unless the tab is hidden).
  st.externallyPaused = false;
  st.paused = document.hidden;
  begin(st, startSeed, duration);
  st.watching = null;
  const deal = dealerFor(st, dealt);
  st.round = startRound(
    traced(st, st.definition.rules),
    st.seed,
    (effect: Effect) => play(st, effect),
    deal,
  );
  // A round whose faces the server dealt cannot be stepped through its log again here: it starts afresh.
  if (resume && !deal) {
    let log: InputLog | null = null;
    try {
      log = decodeLog(resume);
    } catch {
      // Not a log this game wrote: the round starts afresh.
    }
    if (log) {
      const replay = startReplay(
        traced(st, st.definition.rules),
        st.seed,
        log,
        (effect: Effect) => play(st, effect),
      );
      st.catchingUp = true;
      try {
        while (replay.step());
        st.round = replay.round;
      } catch {
        st.round = startRound(
          traced(st, st.definition.rules),
          st.seed,
          (effect: Effect) => play(st, effect),
        );
      } finally {
        st.catchingUp = false;
      }
    }
  }
  if (!st.demo) {
    st.sdk.gameplayStart();
    st.canvas.focus({ preventScroll: true });
  }
  reportProgress(st);
  draw(st);
}

/** Replays a stored run: same seed, same inputs on the same steps, `speed` steps per tick. */
function watch<S extends Simulation>(
  st: RunState<S>,
  startSeed: number,
  log: InputLog,
  speed: number,
  hiddenSeed?: number,
) {
  begin(st, startSeed);
  st.hint.hidden = true;
  const { dealer } = st.definition.rules;
  const replay = startReplay(
    st.definition.rules,
    st.seed,
    log,
    (effect: Effect) => play(st, effect),
    dealer && hiddenSeed !== undefined ? dealer(hiddenSeed) : undefined,
  );
  st.watching = { replay, speed: Math.max(1, Math.min(8, Math.round(speed))) };
  st.round = replay.round;
  reportProgress(st);
  draw(st);
}

function reportProgress<S extends Simulation>(st: RunState<S>) {
  if (!st.round) return;
  const { sim } = st.round;
  if (sim.score !== st.lastScore) {
    st.lastScore = sim.score;
    st.scoreLabel.textContent = String(sim.score);
  }
  if (sim.level !== st.lastLevel) {
    st.lastLevel = sim.level;
    st.levelLabel.textContent =
      sim.level === undefined ? "" : `Level ${sim.level}`;
  }
  if (!st.demo) st.sdk.score(ranked(sim));
}

function finish<S extends Simulation>(st: RunState<S>, timeUp: boolean) {
  if (!st.round || st.finished) return;
  st.finished = true;
  const { sim } = st.round;
  st.sound.play("over");
  if (st.demo) {
    st.demoRestartIn = 90; // steps: the demo shows its end for 1.5 s, then plays again
    return;
  }
  fillEndCard(
    st.card,
    st.watching ? "End of the run" : timeUp ? "Time's up!" : "Game over",
    sim,
  );
  if (st.watching) {
    st.sdk.watchEnded(ranked(sim));
    st.card.hidden = false;
    return;
  }
  st.sdk.gameplayStop();
  st.sdk.finalScore(ranked(sim), encodeLog(st.round.log()));
  appendBest(st.card, st.sdk.storage, ranked(sim), sim.level !== undefined);
  if (!st.sdk.embedded)
    appendPlayAgain(st.card, () => start(st, (st.seed + 1) >>> 0));
  st.card.hidden = false;
}

function step<S extends Simulation>(st: RunState<S>) {
  if (st.demo && st.finished && --st.demoRestartIn <= 0) start(st, st.seed + 1);
  if (!st.round || st.finished) return;
  if (st.watching) {
    for (let i = 0; i < st.watching.speed && !st.finished; i++) {
      const more = st.watching.replay.step();
      reportProgress(st);
      if (!more || st.round.sim.over) finish(st, false);
    }
    return;
  }
  st.round.step({ autoplay: st.demo });
  reportProgress(st);
  if (st.round.sim.over) finish(st, false);
  else if (st.round.steps >= st.durationSteps) finish(st, true);
  // Once a second, the log so far: the page keeps it, so a reload in a match can resume this round.
  else if (!st.demo && st.round.steps % CHECKPOINT_STEPS === 0)
    st.sdk.checkpoint(encodeLog(st.round.log()));
}

function draw<S extends Simulation>(st: RunState<S>) {
  st.g.setTransform(1, 0, 0, 1, 0, 0);
  st.g.fillStyle = st.definition.background;
  st.g.fillRect(0, 0, st.canvas.width, st.canvas.height);
  if (!st.round) return;
  st.g.setTransform(
    st.view.scale,
    0,
    0,
    st.view.scale,
    st.view.offsetX,
    st.view.offsetY,
  );
  st.g.save();
  st.g.beginPath();
  st.g.rect(0, 0, st.world.width, st.world.height);
  st.g.clip();
  st.definition.render(st.g, st.round.sim, {
    demo: st.demo,
    steps: st.round.steps,
  });
  st.g.restore();
}

export function runGame<S extends Simulation>(
  definition: GameDefinition<S>,
): void {
  const st = runGameState(definition);
  listenForInput(
    st.canvas,
    () =>
      st.round && !st.finished && !st.paused && !st.demo && !st.watching
        ? st.round
        : null,
    (event: PointerEvent) => toWorld(st, event),
    st.mute.toggle,
  );
  window.addEventListener("resize", () => resize(st));
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) st.paused = true;
    else if (!st.externallyPaused) st.paused = false;
  });
  st.sdk
    .on("start", ({ seed: startSeed, duration, resume, dealt }) =>
      start(st, startSeed, duration, resume, dealt),
    )
    .on("watch", ({ seed: startSeed, log, speed, hiddenSeed }) => {
      try {
        watch(st, startSeed, decodeLog(log), speed ?? 1, hiddenSeed);
      } catch {
        st.card.innerHTML = "<h2>This run cannot be shown</h2>";
        st.card.hidden = false;
      }
    })
    .on("speed", ({ speed }) => {
      if (st.watching) st.watching.speed = Math.max(1, Math.min(8, speed));
    })
    .on("pause", () => {
      st.externallyPaused = true;
      st.paused = true;
    })
    .on("resume", () => {
      st.externallyPaused = false;
      st.paused = document.hidden;
    })
    .on("mute", () => st.mute.platform(true))
    .on("unmute", () => st.mute.platform(false));
  resize(st);
  if (st.record) {
    window.__playfeed = {
      start: (startSeed, duration) => start(st, startSeed, duration),
      step(count) {
        for (let i = 0; i < count; i++) step(st);
        draw(st);
      },
      rngTrace: () => [...st.trace],
      state: () => ({
        score: st.round?.sim.score ?? 0,
        over: st.finished,
        level: st.round?.sim.level,
      }),
      log: () => (st.round ? encodeLog(st.round.log()) : ""),
    };
    if (st.demo) start(st, Number(st.params.get("seed") ?? 1));
    return;
  }
  runLoop(
    () => step(st),
    () => draw(st),
    () => st.paused,
  );
  if (st.demo) {
    start(st, Number(st.params.get("seed") ?? 1));
    return;
  }
  if (!st.sdk.embedded && st.params.has("seed")) {
    start(st, Number(st.params.get("seed")));
    return;
  }
  st.sdk.loadingProgress(100);
  st.sdk.ready();
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

export type { Simulation } from "./sim";
