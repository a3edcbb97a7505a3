import { useCallback, useReducer } from "react";
import type { BlogStatus } from "#contract/blog";
import type { UploadStage } from "./ImagePicker";

interface PendingUploads {
  /** The pickers (poster, block ids) whose picture is on its way. */
  uploading: ReadonlySet<string>;
  /** A save asked for while pictures were uploading: it goes out when the last one lands. */
  waiting: BlogStatus | null;
  /** A waiting save was dropped because its picture failed to upload. */
  lost: boolean;
}

type PendingUploadsEvent =
  | { type: "upload"; key: string; stage: UploadStage }
  | { type: "wait"; status: BlogStatus }
  | { type: "sent" };

function pendingUploadsReducer(
  state: PendingUploads,
  event: PendingUploadsEvent,
): PendingUploads {
  if (event.type === "wait")
    return { ...state, waiting: event.status, lost: false };
  if (event.type === "sent") return { ...state, waiting: null, lost: false };
  const uploading = new Set(state.uploading);
  if (event.stage === "started") uploading.add(event.key);
  else uploading.delete(event.key);
  // Saving without the picture would publish a post missing it: the writer chooses it again instead.
  return event.stage === "failed" && state.waiting
    ? { uploading, waiting: null, lost: true }
    : { ...state, uploading };
}

const NONE: PendingUploads = {
  uploading: new Set(),
  waiting: null,
  lost: false,
};

/** Pictures still uploading in the editor, and the save that waits for them. */
export function usePendingUploads() {
  const [state, dispatch] = useReducer(pendingUploadsReducer, NONE);
  const track = useCallback(
    (key: string) => (stage: UploadStage) =>
      dispatch({ type: "upload", key, stage }),
    [],
  );
  const wait = useCallback(
    (status: BlogStatus) => dispatch({ type: "wait", status }),
    [],
  );
  const sent = useCallback(() => dispatch({ type: "sent" }), []);
  return { ...state, track, wait, sent };
}
