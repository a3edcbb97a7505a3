import { KEYS } from "./sim";

/**
 * A round's input log: every input with the step it applies to, in a compact binary form written as
 * base64url text. The browser records it while the player plays; the Worker replays it from the
 * session's seed to find the round's true score.
 *
 * Bytes (unsigned LEB128 varints, "zigzag" for signed values):
 *   1            format version (1)
 *   varint       steps the round lasted
 *   varint       number of inputs
 *   per input:   varint (stepsSincePreviousInput × 8 + kind)
 *                kind 0–2 (pointer down, move, up): zigzag dx, zigzag dy from the previous pointer position
 *                kind 3–4 (key down, up): varint index into KEYS
 *                kind 5: a run of pointer moves on consecutive steps, all along x: varint n, then n zigzag dx
 *                kind 6: a run of pointer moves on consecutive steps: varint n, then n × (zigzag dx, zigzag dy)
 * A finger dragging moves once a step: runs keep that to about a byte a move. The number of inputs counts each
 * move of a run.
 * Nothing may follow the last input. A log that is cut, padded or out of order does not decode.
 */

const LOG_VERSION = 1;

type InputKind =
  "pointerDown" | "pointerMove" | "pointerUp" | "keyDown" | "keyUp";

const KINDS: readonly InputKind[] = [
  "pointerDown",
  "pointerMove",
  "pointerUp",
  "keyDown",
  "keyUp",
];

export type InputEvent =
  | {
      step: number;
      kind: "pointerDown" | "pointerMove" | "pointerUp";
      x: number;
      y: number;
    }
  | { step: number; kind: "keyDown" | "keyUp"; key: string };

export interface InputLog {
  /** Steps the round lasted. */
  steps: number;
  /** In the order they were applied; steps never go backwards. */
  events: InputEvent[];
}

/** Head kinds of the runs of pointer moves on consecutive steps (along x only, or in both directions). */
const RUN_FLAT = 5;
const RUN = 6;

/** How many pointer moves on consecutive steps start at `index`. */
function moveRunAt(events: readonly InputEvent[], index: number): number {
  let end = index;
  while (
    end < events.length &&
    events[end].kind === "pointerMove" &&
    (end === index || events[end].step === events[end - 1].step + 1)
  )
    end++;
  return end - index;
}

/** The largest value a log may hold anywhere: keeps every number a safe small integer. */
const LIMIT = 2 ** 28;

export function encodeLog(log: InputLog): string {
  const bytes: number[] = [LOG_VERSION];
  const varint = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 128);
    }
    bytes.push(rest);
  };
  const zigzag = (value: number) =>
    varint(value < 0 ? -2 * value - 1 : 2 * value);
  varint(log.steps);
  varint(log.events.length);
  let step = 0;
  let x = 0;
  let y = 0;
  const { events } = log;
  for (let i = 0; i < events.length;) {
    const event = events[i];
    const run = moveRunAt(events, i);
    const moves = events.slice(i, i + run) as Array<{
      step: number;
      x: number;
      y: number;
    }>;
    // Moves along x alone (a basket, a paddle) cost a byte each; a move that also changes y starts a new piece.
    let flat = 0;
    while (flat < run && moves[flat].y === y) flat++;
    const piece = flat >= 2 ? flat : flat === 0 && run >= 3 ? 0 : run;
    if (piece >= 2) {
      const kind = piece === flat ? RUN_FLAT : RUN;
      varint((event.step - step) * 8 + kind);
      varint(piece);
      for (const move of moves.slice(0, piece)) {
        zigzag(move.x - x);
        if (kind === RUN) zigzag(move.y - y);
        x = move.x;
        y = move.y;
      }
      step = moves[piece - 1].step;
      i += piece;
      continue;
    }
    varint((event.step - step) * 8 + KINDS.indexOf(event.kind));
    step = event.step;
    if ("key" in event) {
      varint(KEYS.indexOf(event.key));
    } else {
      zigzag(event.x - x);
      zigzag(event.y - y);
      x = event.x;
      y = event.y;
    }
    i++;
  }
  return toBase64Url(bytes);
}

export class LogError extends Error {}

/** The log, or a LogError saying why it cannot be one. */
export function decodeLog(text: string): InputLog {
  const bytes = fromBase64Url(text);
  let at = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (at >= bytes.length) throw new LogError("The log ends early");
      const byte = bytes[at++];
      value += (byte & 0x7f) * scale;
      if (value >= LIMIT) throw new LogError("A value is out of range");
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const zigzag = () => {
    const value = varint();
    return value % 2 ? -(value + 1) / 2 : value / 2;
  };
  if (bytes[at++] !== LOG_VERSION)
    throw new LogError("Unknown log format version");
  const steps = varint();
  const count = varint();
  if (count > bytes.length) throw new LogError("The log ends early");
  const events: InputEvent[] = [];
  let step = 0;
  let x = 0;
  let y = 0;
  while (events.length < count) {
    const head = varint();
    step += Math.floor(head / 8);
    if (step >= steps)
      throw new LogError("An input comes after the round ended");
    if (head % 8 === RUN || head % 8 === RUN_FLAT) {
      const run = varint();
      if (run < 2 || events.length + run > count || step + run > steps)
        throw new LogError("A run of moves does not fit the round");
      for (let j = 0; j < run; j++) {
        x += zigzag();
        if (head % 8 === RUN) y += zigzag();
        events.push({ step: step + j, kind: "pointerMove", x, y });
      }
      step += run - 1;
      continue;
    }
    const kind = KINDS[head % 8];
    if (!kind) throw new LogError("Unknown input kind");
    if (kind === "keyDown" || kind === "keyUp") {
      const key = KEYS[varint()];
      if (key === undefined) throw new LogError("Unknown key");
      events.push({ step, kind, key });
    } else {
      x += zigzag();
      y += zigzag();
      events.push({ step, kind, x, y });
    }
  }
  if (at !== bytes.length) throw new LogError("Bytes follow the last input");
  return { steps, events };
}

const ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Each character's value by its code, -1 for a character outside the alphabet: a log is decoded in one quick pass. */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

function toBase64Url(bytes: readonly number[]): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk =
      (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++)
      text += ALPHABET[(chunk >> (18 - 6 * c)) & 63];
  }
  return text;
}

function fromBase64Url(text: string): Uint8Array {
  if (text.length % 4 === 1) throw new LogError("The log is not base64url");
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    let chunk = 0;
    const chars = Math.min(4, text.length - i);
    for (let c = 0; c < 4; c++) {
      const code = c < chars ? text.charCodeAt(i + c) : 65; // "A", 0
      const value = code < 128 ? VALUES[code] : -1;
      if (value < 0) throw new LogError("The log is not base64url");
      chunk = (chunk << 6) | value;
    }
    const count = Math.floor((chars * 6) / 8);
    for (let b = 0; b < count; b++) bytes[at++] = (chunk >> (16 - 8 * b)) & 255;
  }
  return bytes;
}
