import { z } from "zod";
import { idSchema } from "./ids";
import type { Orientation, VersionKind, VersionStatus } from "./developers";

/**
 * Issue #33, review and publishing (ADR 041): what the moderation pages show and post. A moderator decides on a
 * submitted version with ReviewSchema (contract/developers.ts); a live game is hidden and shown again with
 * LiveGameFormSchema.
 */

/** One version waiting for review, in the queue (oldest submitted first). */
export interface ReviewQueueItem {
  versionId: number;
  gameId: number;
  /** The name the version gives the game (a new version may rename it). */
  name: string;
  icon: string | null;
  publisherName: string;
  kind: VersionKind;
  fileCount: number;
  byteSize: number;
  /** Epoch milliseconds. */
  submittedAt: number | null;
  /** The game is live already: this version would replace the live one. */
  isUpdate: boolean;
}

/** A version as the review page shows it, with the game's live state for Unpublish and Republish. */
export interface ReviewVersion {
  versionId: number;
  gameId: number;
  status: VersionStatus;
  kind: VersionKind;
  /** An upload's document on the games origin, or a link version's address. */
  source: string | null;
  fileCount: number;
  byteSize: number;
  submittedAt: number | null;
  reviewedAt: number | null;
  reviewReason: string | null;
  publisher: { id: number; name: string };
  meta: {
    name: string;
    description: string;
    howToPlay: string;
    category: string;
    orientation: Orientation;
    timed: boolean;
    maximumGameTime: number;
    sendsScores: boolean;
    leaderboardType: number;
    icon: string | null;
    video: string | null;
  };
  game: {
    isPublished: boolean;
    /** The approved version the game shows now (or showed before it was unpublished); null before any approval. */
    liveVersionId: number | null;
  };
}

/** Hide a live game or show it again (a moderator, or a developer of its publisher). */
export const LiveGameFormSchema = z.object({
  decision: z.enum(["unpublish", "republish"], {
    error: "Please choose Unpublish or Republish",
  }),
});

export const REVIEW_MESSAGES = {
  notWaiting:
    "This version is not waiting for review: someone has decided on it already",
  noFiles: "This version's files were never stored, so it cannot be published",
  notLive: "This game has no approved version to publish",
} as const;

/** The queue's address after a decision (`?decided=approve&version=7`), read back to say what was done. */
export const DecidedQuerySchema = z.object({
  decided: z.enum(["approve", "reject"]),
  version: idSchema("version"),
});

/** An upload's size as a person reads it: "740 KB", "12.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
