import { createSound, type Effect, type Sound } from "./audio";
import { createRng, type Rng } from "./rng";

/**
 * The shared runtime of Playfeed's own games: a fixed-step loop (so a seed replays exactly), a canvas
 * that fills any frame, pointer and keyboard input in world coordinates, the SDK conversation, mute,
 * a score HUD, the game-over card, and the self-playing demo used for promo videos.
 *
 * Query flags: ?demo=1 self-plays forever (promo recording); ?record=1 stops the clock so a script
 * steps it (window.__playfeed); ?seed=N picks the seed outside a platform frame.
 */

export const STEP = 1 / 60;

export interface GameContext {
  rng: Rng;
  sound: Sound;
  /** True while the game plays itself (promo videos). */
  demo: boolean;
}

export interface Game {
  /** Points so far; the platform shows and submits it. */
  score: number;
  /** Set when the round is lost or won. */
  over: boolean;
  /**
   * Games that measure progress in levels (leaderboard_type 2) keep the current level here; the
   * platform then receives the level as game_score and final_score, while the HUD shows both.
   */
  level?: number;
  /** Advances the world by one fixed step of STEP seconds. Only `ctx.rng` may supply randomness. */
  update(): void;
  /** Draws in world coordinates (the runtime scales and letterboxes). */
  render(g: CanvasRenderingContext2D): void;
  pointerDown?(x: number, y: number): void;
  pointerMove?(x: number, y: number): void;
  pointerUp?(x: number, y: number): void;
  /** KeyboardEvent.key values: "ArrowLeft", " ", "Enter", "a", ... */
  keyDown?(key: string): void;
  keyUp?(key: string): void;
  /** Demo mode: decide this step's input (call your own pointer/key handlers). */
  autoplay?(): void;
}

export interface GameDefinition {
  slug: string;
  title: string;
  /** One line shown when the round starts, e.g. "Tap or press Space to flap". */
  hint: string;
  /** The world the game simulates and draws in; the runtime fits it into any frame. */
  world: { width: number; height: number };
  /** CSS colour around and behind the world. */
  background: string;
  create(ctx: GameContext): Game;
}

const SPEAKER = '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>';
const SPEAKER_ON = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;
const SPEAKER_OFF = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}<path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

const BEST_KEY = "best";

const KEYS_WE_OWN = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  " ",
  "Spacebar",
]);

export function runGame(definition: GameDefinition): void {
  const params = new URLSearchParams(location.search);
  const demo = params.get("demo") === "1";
  const record = params.get("record") === "1";
  const sdk = window.PlayfeedSDK;
  const sound = createSound();

  document.title = definition.title;
  document.body.style.background = definition.background;
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-label", definition.title);
  const hud = element("div", "pf-hud");
  const scoreLabel = element("span", "pf-score");
  const levelLabel = element("span", "pf-level");
  hud.append(scoreLabel, levelLabel);
  const muteButton = element("button", "pf-mute") as HTMLButtonElement;
  muteButton.type = "button";
  const hint = element("div", "pf-hint");
  hint.textContent = definition.hint;
  const card = element("div", "pf-card");
  card.hidden = true;
  document.body.append(canvas, hud, muteButton, hint, card);
  // The demo is the promo video: no controls or hints on screen.
  if (demo) {
    muteButton.hidden = true;
    hint.hidden = true;
  }

  const g = canvas.getContext("2d")!;
  let view = { scale: 1, offsetX: 0, offsetY: 0 };
  let game: Game | null = null;
  let seed = 0;
  let trace: number[] = [];
  let frames = 0;
  let durationFrames = Infinity;
  let paused = false;
  let finished = false;
  let lastScore = -1;
  let lastLevel: number | undefined;
  let demoRestartIn = 0;

  function setMuted(muted: boolean) {
    sound.muted = muted;
    // Drawn, not an emoji: many devices (and headless browsers) have no emoji font.
    muteButton.innerHTML = muted ? SPEAKER_OFF : SPEAKER_ON;
    muteButton.setAttribute("aria-label", muted ? "Unmute" : "Mute");
    muteButton.setAttribute("aria-pressed", String(muted));
  }
  setMuted(demo || sdk.muted);
  muteButton.addEventListener("click", () => setMuted(!sound.muted));

  function resize() {
    const ratio = window.devicePixelRatio || 1;
    const width = window.innerWidth;
    const height = window.innerHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const scale = Math.min(
      width / definition.world.width,
      height / definition.world.height,
    );
    view = {
      scale: scale * ratio,
      offsetX: ((width - definition.world.width * scale) / 2) * ratio,
      offsetY: ((height - definition.world.height * scale) / 2) * ratio,
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

  function start(startSeed: number, duration?: number) {
    seed = startSeed >>> 0;
    trace = [];
    frames = 0;
    finished = false;
    lastScore = -1;
    lastLevel = undefined;
    durationFrames = duration ? Math.round(duration / STEP) : Infinity;
    card.hidden = true;
    game = definition.create({ rng: createRng(seed, trace), sound, demo });
    hint.classList.remove("pf-hint--gone");
    setTimeout(() => hint.classList.add("pf-hint--gone"), 2200);
    if (!demo) sdk.gameplayStart();
    reportProgress();
    draw();
  }

  /** What the platform ranks: the level for level games, else the score. */
  const ranked = (current: Game) => current.level ?? current.score;

  function reportProgress() {
    if (!game) return;
    if (game.score !== lastScore) {
      lastScore = game.score;
      scoreLabel.textContent = String(game.score);
    }
    if (game.level !== lastLevel) {
      lastLevel = game.level;
      levelLabel.textContent =
        game.level === undefined ? "" : `Level ${game.level}`;
    }
    if (!demo) sdk.score(ranked(game));
  }

  function finish(timeUp: boolean) {
    if (!game || finished) return;
    finished = true;
    game.over = true;
    sound.play("over");
    if (demo) {
      demoRestartIn = 90; // steps: the demo shows its end for 1.5 s, then plays again
      return;
    }
    sdk.gameplayStop();
    sdk.finalScore(ranked(game));
    card.innerHTML = "";
    const heading = element("h2", "");
    heading.textContent = timeUp ? "Time's up!" : "Game over";
    const line = element("p", "");
    line.textContent =
      game.level !== undefined
        ? `Level ${game.level} · Score ${game.score}`
        : `Score ${game.score}`;
    card.append(heading, line);
    const best = recordBest(ranked(game));
    if (best.value > 0) {
      const bestLine = element("p", "pf-best");
      const bestText =
        game.level !== undefined ? `level ${best.value}` : String(best.value);
      bestLine.textContent = best.isNew
        ? `New best: ${bestText}!`
        : `Best: ${bestText}`;
      card.append(bestLine);
    }
    if (!sdk.embedded) {
      const again = element("button", "pf-again") as HTMLButtonElement;
      again.type = "button";
      again.textContent = "Play again";
      again.addEventListener("click", () => start((seed + 1) >>> 0));
      card.append(again);
      setTimeout(() => again.focus(), 0);
    }
    card.hidden = false;
  }

  /** The player's best result in this browser: the platform keeps it for the game through sdk.storage. */
  function recordBest(result: number): { value: number; isNew: boolean } {
    const previous = Number(sdk.storage.getItem(BEST_KEY)) || 0;
    if (result <= previous) return { value: previous, isNew: false };
    sdk.storage.setItem(BEST_KEY, String(result));
    return { value: result, isNew: true };
  }

  function step() {
    if (demo && finished && --demoRestartIn <= 0) start(seed + 1);
    if (!game || finished) return;
    if (demo) game.autoplay?.();
    game.update();
    frames++;
    reportProgress();
    if (game.over) finish(false);
    else if (frames >= durationFrames) finish(true);
  }

  function draw() {
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = definition.background;
    g.fillRect(0, 0, canvas.width, canvas.height);
    if (!game) return;
    g.setTransform(view.scale, 0, 0, view.scale, view.offsetX, view.offsetY);
    g.save();
    g.beginPath();
    g.rect(0, 0, definition.world.width, definition.world.height);
    g.clip();
    game.render(g);
    g.restore();
  }

  // Input, in world coordinates. Nothing reaches a game that is paused or over.
  const live = () => game && !finished && !paused && !demo;
  canvas.addEventListener("pointerdown", (event) => {
    if (!live()) return;
    event.preventDefault();
    canvas.setPointerCapture?.(event.pointerId);
    const { x, y } = toWorld(event);
    game!.pointerDown?.(x, y);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!live()) return;
    const { x, y } = toWorld(event);
    game!.pointerMove?.(x, y);
  });
  canvas.addEventListener("pointerup", (event) => {
    if (!live()) return;
    const { x, y } = toWorld(event);
    game!.pointerUp?.(x, y);
  });
  window.addEventListener("keydown", (event) => {
    if (event.key === "m" || event.key === "M") {
      setMuted(!sound.muted);
      return;
    }
    if (KEYS_WE_OWN.has(event.key)) event.preventDefault();
    if (!live() || event.repeat) return;
    game!.keyDown?.(event.key);
  });
  window.addEventListener("keyup", (event) => {
    if (live()) game!.keyUp?.(event.key);
  });
  window.addEventListener("resize", resize);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) paused = true;
    else if (!externallyPaused) paused = false;
  });

  let externallyPaused = false;
  sdk
    .on("start", ({ seed: startSeed, duration }) => start(startSeed, duration))
    .on("pause", () => {
      externallyPaused = true;
      paused = true;
    })
    .on("resume", () => {
      externallyPaused = false;
      paused = document.hidden;
    })
    .on("mute", () => setMuted(true))
    .on("unmute", () => setMuted(false));

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
        score: game?.score ?? 0,
        over: finished,
        level: game?.level,
      }),
    };
    if (demo) start(Number(params.get("seed") ?? 1));
    return;
  }

  // Fixed steps against real time: the same inputs on the same seed give the same game.
  let previous = performance.now();
  let accumulator = 0;
  function frame(now: number) {
    accumulator = Math.min(accumulator + (now - previous) / 1000, 0.25);
    previous = now;
    if (!paused) {
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

function element(tag: string, className: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

/** Helpers most games want. */
export const clamp = (value: number, min: number, max: number) =>
  Math.max(min, Math.min(max, value));

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
