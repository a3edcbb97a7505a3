import type { Sound } from "./audio";
import type { Simulation } from "./sim";

/**
 * What the browser shows around a game's canvas: the score HUD, the mute button, the hint and the end-of-round
 * card. The runtime (runtime.ts) decides when; this module only builds and fills them.
 */
export interface Chrome {
  canvas: HTMLCanvasElement;
  hud: HTMLElement;
  scoreLabel: HTMLElement;
  levelLabel: HTMLElement;
  muteButton: HTMLButtonElement;
  hint: HTMLElement;
  card: HTMLElement;
}

const SPEAKER = '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>';
const SPEAKER_ON = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;
const SPEAKER_OFF = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}<path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

const BEST_KEY = "best";

export function createChrome(
  title: string,
  hintText: string,
  options: { embedded: boolean; demo: boolean },
): Chrome {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-label", title);
  // Focusable, so the keyboard reaches the game without the player pressing Tab first.
  canvas.tabIndex = 0;
  const hud = element("div", "pf-hud");
  const scoreLabel = element("span", "pf-score");
  const levelLabel = element("span", "pf-level");
  hud.append(scoreLabel, levelLabel);
  const muteButton = element("button", "pf-mute") as HTMLButtonElement;
  muteButton.type = "button";
  const hint = element("div", "pf-hint");
  hint.textContent = hintText;
  const card = element("div", "pf-card");
  card.hidden = true;
  document.body.append(canvas, hud, muteButton, hint, card);
  // In a Playfeed frame the play bar above the game shows the score (and the level): a second one here, sometimes a
  // step apart, would only compete with it. Standalone, the game keeps its own.
  if (options.embedded) hud.hidden = true;
  // The demo is the promo video: no controls or hints on screen.
  if (options.demo) {
    muteButton.hidden = true;
    hint.hidden = true;
  }
  return { canvas, hud, scoreLabel, levelLabel, muteButton, hint, card };
}

/**
 * The player's own choice (the button, the M key) and the platform's (mute during an ad) are kept apart: the sound is
 * off while either wants it off, and the platform's unmute after an ad never overrides a player who muted the game.
 */
export function createMute(
  sound: Sound,
  button: HTMLButtonElement,
  initially: { player: boolean; platform: boolean },
) {
  let playerMuted = initially.player;
  let platformMuted = initially.platform;
  function show() {
    const muted = playerMuted || platformMuted;
    sound.muted = muted;
    // Drawn, not an emoji: many devices (and headless browsers) have no emoji font.
    button.innerHTML = muted ? SPEAKER_OFF : SPEAKER_ON;
    button.setAttribute("aria-label", muted ? "Unmute" : "Mute");
    button.setAttribute("aria-pressed", String(muted));
  }
  function toggle() {
    playerMuted = !playerMuted;
    show();
  }
  show();
  button.addEventListener("click", toggle);
  return {
    toggle,
    platform(muted: boolean) {
      platformMuted = muted;
      show();
    },
  };
}

/** Fills the end-of-round card's heading and result line. */
export function fillEndCard(
  card: HTMLElement,
  heading: string,
  sim: Simulation,
) {
  card.innerHTML = "";
  const title = element("h2", "");
  title.textContent = heading;
  const line = element("p", "");
  line.textContent =
    sim.level !== undefined
      ? `Level ${sim.level} · Score ${sim.score}`
      : `Score ${sim.score}`;
  card.append(title, line);
}

/** Adds the player's best in this browser to the card, after recording this round's result. */
export function appendBest(
  card: HTMLElement,
  storage: Pick<Storage, "getItem" | "setItem">,
  result: number,
  isLevel: boolean,
) {
  const best = recordBest(storage, result);
  if (best.value <= 0) return;
  const bestLine = element("p", "pf-best");
  const bestText = isLevel ? `level ${best.value}` : String(best.value);
  bestLine.textContent = best.isNew
    ? `New best: ${bestText}!`
    : `Best: ${bestText}`;
  card.append(bestLine);
}

/** The player's best result in this browser: the platform keeps it for the game through sdk.storage. */
function recordBest(
  storage: Pick<Storage, "getItem" | "setItem">,
  result: number,
): { value: number; isNew: boolean } {
  const previous = Number(storage.getItem(BEST_KEY)) || 0;
  if (result <= previous) return { value: previous, isNew: false };
  storage.setItem(BEST_KEY, String(result));
  return { value: result, isNew: true };
}

/** A "Play again" button for a game played outside a Playfeed frame. */
export function appendPlayAgain(card: HTMLElement, again: () => void) {
  const button = element("button", "pf-again") as HTMLButtonElement;
  button.type = "button";
  button.textContent = "Play again";
  button.addEventListener("click", again);
  card.append(button);
  setTimeout(() => button.focus(), 0);
}

function element(tag: string, className: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}
