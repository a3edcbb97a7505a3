/** A match round's last checkpoint, kept per room in this tab's sessionStorage: a reload within the grace resumes it. */
export interface Checkpoint {
  statsId: number;
  log: string;
}
const checkpointKey = (roomId: string) => `pf:match-round:${roomId}`;

export function keepCheckpoint(roomId: string, checkpoint: Checkpoint) {
  try {
    sessionStorage.setItem(checkpointKey(roomId), JSON.stringify(checkpoint));
  } catch {
    // Storage blocked or full: a reload then starts the round afresh.
  }
}

export function readCheckpoint(roomId: string): Checkpoint | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(checkpointKey(roomId)) ?? "null",
    ) as Partial<Checkpoint> | null;
    return value &&
      typeof value.statsId === "number" &&
      typeof value.log === "string"
      ? { statsId: value.statsId, log: value.log }
      : null;
  } catch {
    return null;
  }
}

export function forgetCheckpoint(roomId: string) {
  try {
    sessionStorage.removeItem(checkpointKey(roomId));
  } catch {
    // Nothing kept.
  }
}
