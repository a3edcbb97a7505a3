import type { Round } from "./round";

/** Keys whose browser default (scrolling the page) would fight the game. */
const KEYS_WE_OWN = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  " ",
  "Spacebar",
]);

/** Queues the player's pointer and keys for the next step of the round `live` names, if any. */
export function listenForInput(
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
