import type { GameData } from "#contract/game-data";
import type { BridgeTraffic } from "./game-bridge";

/**
 * The developer's SDK inspector (issue #33, ADR 040): every message between a draft game and the platform as a log
 * line, and a checklist of what the platform needs a game to do, judged from the same messages.
 */

/** The sizes a game must fit without scroll bars: a phone's and a desktop's CSS viewport. */
export const FRAME_SIZES = {
  phone: { width: 390, height: 844, label: "Phone size" },
  desktop: { width: 1280, height: 800, label: "Desktop size" },
} as const;
export type FrameSize = keyof typeof FRAME_SIZES;
export const FRAME_SIZE_NAMES = Object.keys(FRAME_SIZES) as FrameSize[];

/** The log keeps the latest lines only: a game that sends its score every frame must not grow the page without end. */
export const MAX_LOG_ENTRIES = 500;

export interface InspectorEntry {
  id: number;
  /** Milliseconds since the game's frame started loading. */
  at: number;
  /** game: the game told the platform; platform: the platform told the game. */
  from: "game" | "platform";
  type: string;
  summary: string;
  /** Characters of data a storage write or a command carried. */
  size?: number;
  /** An uncaught error, or a message the platform refused. */
  problem?: true;
}

export interface LayoutReport {
  width: number;
  height: number;
  scrollWidth: number;
  scrollHeight: number;
}

interface SizeCheck {
  /** The last report at this size, or null while none came. */
  seen: LayoutReport | null;
  fits: boolean | null;
}

export interface InspectorState {
  entries: InspectorEntry[];
  nextId: number;
  loadingFinished: boolean;
  gameplayStarted: boolean;
  gameplayStopped: boolean;
  errors: number;
  lastLayout: LayoutReport | null;
  sizes: Record<FrameSize, SizeCheck>;
  /** The size the frame's box is set to, or null: it fills its place. */
  measuring: FrameSize | null;
}

export type InspectorAction =
  | { kind: "traffic"; traffic: BridgeTraffic; at: number }
  | { kind: "measure"; size: FrameSize | null };

export function initialInspectorState(): InspectorState {
  return {
    entries: [],
    nextId: 1,
    loadingFinished: false,
    gameplayStarted: false,
    gameplayStopped: false,
    errors: 0,
    lastLayout: null,
    sizes: {
      phone: { seen: null, fits: null },
      desktop: { seen: null, fits: null },
    },
    measuring: null,
  };
}

/** Whether a report was taken at this size: frames are laid out in whole CSS pixels, give or take one. */
function isAtSize(report: LayoutReport, size: FrameSize): boolean {
  const target = FRAME_SIZES[size];
  return (
    Math.abs(report.width - target.width) <= 1 &&
    Math.abs(report.height - target.height) <= 1
  );
}

/** A page fits when nothing reaches past its frame: no scroll bar would show, and nothing is cut off (ADR 040). */
export function fitsWithoutScrolling(report: LayoutReport): boolean {
  return (
    report.scrollWidth <= report.width + 1 &&
    report.scrollHeight <= report.height + 1
  );
}

function judgeSizes(
  sizes: InspectorState["sizes"],
  report: LayoutReport,
): InspectorState["sizes"] {
  const next = { ...sizes };
  for (const size of FRAME_SIZE_NAMES)
    if (isAtSize(report, size))
      next[size] = { seen: report, fits: fitsWithoutScrolling(report) };
  return next;
}

function withTraffic(state: InspectorState, traffic: BridgeTraffic) {
  if (traffic.direction !== "in") return state;
  const { message } = traffic;
  switch (message.type) {
    case "ready":
      return { ...state, loadingFinished: true };
    case "gameplay_start":
      return { ...state, gameplayStarted: true };
    case "gameplay_stop":
      return { ...state, gameplayStopped: true };
    case "game_error":
      return { ...state, errors: state.errors + 1 };
    case "layout":
      return {
        ...state,
        lastLayout: message,
        sizes: judgeSizes(state.sizes, message),
      };
    default:
      return state;
  }
}

export function inspectorReducer(
  state: InspectorState,
  action: InspectorAction,
): InspectorState {
  if (action.kind === "measure") {
    // A frame already at that size sends no resize, so its last report is the one to judge.
    const sizes =
      action.size && state.lastLayout
        ? judgeSizes(state.sizes, state.lastLayout)
        : state.sizes;
    return { ...state, measuring: action.size, sizes };
  }
  const entry: InspectorEntry = {
    id: state.nextId,
    at: Math.max(0, Math.round(action.at)),
    ...describeTraffic(action.traffic),
  };
  const entries = [...state.entries, entry].slice(-MAX_LOG_ENTRIES);
  return withTraffic(
    { ...state, entries, nextId: state.nextId + 1 },
    action.traffic,
  );
}

export type CheckStatus = "waiting" | "checking" | "passed" | "failed";

export interface ChecklistItem {
  id: string;
  label: string;
  status: CheckStatus;
  /** What the status rests on, in a few words. */
  detail: string;
}

const plural = (count: number, one: string) =>
  `${count} ${one}${count === 1 ? "" : "s"}`;

function sizeItem(state: InspectorState, size: FrameSize): ChecklistItem {
  const { width, height } = FRAME_SIZES[size];
  const check = state.sizes[size];
  const label = `Fits ${width}×${height} without scroll bars`;
  const id = `fits-${size}`;
  if (check.seen && check.fits !== null)
    return {
      id,
      label,
      status: check.fits ? "passed" : "failed",
      detail: check.fits
        ? "The page fits its frame."
        : `The page is ${check.seen.scrollWidth}×${check.seen.scrollHeight}: it scrolls or is cut off.`,
    };
  if (state.measuring === size)
    return {
      id,
      label,
      status: "checking",
      detail: state.loadingFinished
        ? "Waiting for the game to report its layout at this size…"
        : "Checked once the game has loaded.",
    };
  return {
    id,
    label,
    status: "waiting",
    detail: `Choose ${FRAME_SIZES[size].label} to check.`,
  };
}

function doneItem(
  id: string,
  label: string,
  done: boolean,
  waiting: string,
): ChecklistItem {
  return {
    id,
    label,
    status: done ? "passed" : "waiting",
    detail: done ? "Done." : waiting,
  };
}

/** The checklist, in the order a game meets it. */
export function checklistOf(state: InspectorState): ChecklistItem[] {
  return [
    doneItem(
      "loading",
      "Loading finished",
      state.loadingFinished,
      "Call gameLoadingFinished() (Poki), loadingStop() (CrazyGames) or ready().",
    ),
    doneItem(
      "gameplay-start",
      "Gameplay started",
      state.gameplayStarted,
      "Call gameplayStart() when the player starts playing.",
    ),
    doneItem(
      "gameplay-stop",
      "Gameplay stopped",
      state.gameplayStopped,
      "Call gameplayStop() when a round ends or a menu opens.",
    ),
    {
      id: "errors",
      label: "No uncaught errors",
      status:
        state.errors > 0
          ? "failed"
          : state.loadingFinished
            ? "passed"
            : "waiting",
      detail:
        state.errors > 0
          ? `${plural(state.errors, "error")} thrown: see the messages.`
          : state.loadingFinished
            ? "None so far."
            : "Watched from the first line on.",
    },
    sizeItem(state, "phone"),
    sizeItem(state, "desktop"),
  ];
}

/** "+1.25 s": when a message passed, counted from the frame's start. */
export function formatSinceLoad(ms: number): string {
  return `+${(ms / 1000).toFixed(2)} s`;
}

/** The characters of data a command carries, or nothing when it carries none. */
function dataSize(data: GameData | undefined): { size?: number } {
  const size = (data ?? []).reduce(
    (total, [key, value]) => total + key.length + value.length,
    0,
  );
  return size > 0 ? { size } : {};
}

type Described = Omit<InspectorEntry, "id" | "at">;

function describeCommand(
  command: Extract<BridgeTraffic, { direction: "out" }>["command"],
): Described {
  const base = { from: "platform" as const, type: command.type };
  switch (command.type) {
    case "welcome": {
      const who = command.player
        ? `signed in as ${command.player.name}`
        : "a visitor";
      if (command.storage)
        return {
          ...base,
          summary: `Welcome (${who}), with ${plural(command.storage.length, "saved key")}`,
          ...dataSize(command.storage),
        };
      return {
        ...base,
        summary: `Welcome (${who}); ${command.unavailable ? "the data cannot be had" : "the data follows"}`,
      };
    }
    case "start":
      return {
        ...base,
        summary: `Start a round, seed ${command.seed}${command.duration ? `, ${command.duration} s` : ""}`,
        ...dataSize(command.storage),
      };
    case "watch":
      return { ...base, summary: `Replay a run, seed ${command.seed}` };
    case "revealed":
      return {
        ...base,
        summary:
          command.face === undefined
            ? `Card of turn ${command.turn} refused`
            : `Card of turn ${command.turn} is face ${command.face}`,
      };
    case "speed":
      return { ...base, summary: `Replay speed ${command.speed}×` };
    case "pause":
    case "resume":
    case "mute":
    case "unmute":
      return { ...base, summary: PLAYBACK_SUMMARIES[command.type] };
    case "ad_break_start":
      return { ...base, summary: `The ad of break ${command.id} starts` };
    case "ad_break_done":
      return {
        ...base,
        summary: `Break ${command.id} is over: ${command.shown ? "an ad showed" : "no ad"}${command.rewarded ? ", reward due" : ""}`,
      };
  }
}

const PLAYBACK_SUMMARIES = {
  pause: "Pause",
  resume: "Resume",
  mute: "Mute",
  unmute: "Unmute",
};

function describeMessage(
  message: Extract<BridgeTraffic, { direction: "in" }>["message"],
): Described {
  const base = { from: "game" as const, type: message.type };
  switch (message.type) {
    case "hello":
      return { ...base, summary: "The SDK is running" };
    case "ready":
      return { ...base, summary: "Loading finished" };
    case "loading":
      return {
        ...base,
        summary:
          message.value === 0 ? "Loading started" : `Loading ${message.value}%`,
      };
    case "gameplay_start":
      return { ...base, summary: "Gameplay started" };
    case "gameplay_stop":
      return { ...base, summary: "Gameplay stopped" };
    case "game_score":
      return { ...base, summary: `Score ${message.value}` };
    case "final_score":
      return {
        ...base,
        summary: `Final score ${message.value}${message.log ? `, input log of ${message.log.length} characters` : ""} (not recorded)`,
      };
    case "watch_end":
      return { ...base, summary: `Replay ended at ${message.value}` };
    case "checkpoint":
      return {
        ...base,
        summary: `Input log so far: ${message.log.length} characters`,
      };
    case "happy_time":
      return { ...base, summary: "Happy time" };
    case "reveal":
      return {
        ...base,
        summary: `Asks for card ${message.card} of level ${message.level} (turn ${message.turn})`,
      };
    case "commercial_break":
      return {
        ...base,
        summary: `Asks for an ad break${message.id === undefined ? "" : ` (break ${message.id})`}`,
      };
    case "rewarded_break":
      return {
        ...base,
        summary: `Asks for a rewarded ad (break ${message.id})`,
      };
    case "game_error":
      return {
        ...base,
        summary: `${message.message}${message.file ? ` (${message.file}${message.line === undefined ? "" : `:${message.line}`})` : ""}`,
        problem: true,
      };
    case "layout":
      return {
        ...base,
        summary: `Frame ${message.width}×${message.height}, page ${message.scrollWidth}×${message.scrollHeight}: ${fitsWithoutScrolling(message) ? "fits" : "does not fit"}`,
      };
    case "storage_set":
      return {
        ...base,
        summary: `Saves "${message.key}" (${plural(message.value.length, "character")})`,
        size: message.key.length + message.value.length,
      };
    case "storage_remove":
      return { ...base, summary: `Removes "${message.key}"` };
    case "storage_clear":
      return { ...base, summary: "Clears all its data" };
  }
}

/** One log line's words for what passed the bridge. */
export function describeTraffic(traffic: BridgeTraffic): Described {
  if (traffic.direction === "out") return describeCommand(traffic.command);
  if (traffic.direction === "in") return describeMessage(traffic.message);
  return {
    from: "game",
    type: traffic.type,
    summary: "Refused: not a valid SDK message (see docs/game-sdk.md)",
    problem: true,
  };
}
