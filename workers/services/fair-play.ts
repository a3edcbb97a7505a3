import { and, asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { FAIR_PLAY_MESSAGES, type RoundReview } from "#contract/fair-play";
import type { Db } from "../db/client";
import { gameStats, scores } from "../db/schema";
import type { ChallengeService, Statement } from "./challenges";
import { ApiError, notFound } from "./errors";
import { bestScoreWrite } from "./scores";
import { periodBoardWrites } from "./tournaments";

/** The columns a round's score row takes from its replay: held, with the model's reason, or nothing. */
export function heldFields(verified: { held: string | null } | null): {
  review?: RoundReview;
  reviewNote?: string;
} {
  return verified?.held
    ? { review: "held", reviewNote: verified.held.slice(0, 500) }
    : {};
}

/** A built query that runs in drizzle's batch and in the challenge service's raw one alike. */
type Write = BatchItem<"sqlite"> & Statement;

/** A round waiting for review, as a moderator's queue lists it. */
export interface HeldRound {
  scoreId: number;
  statsId: number;
  userId: number;
  gameId: number;
  score: number;
  note: string | null;
  heldAt: Date;
}

/**
 * The review of rounds held by the fair-play model (ADR 032). Releasing a round does what its submission left
 * undone: the best score, the open tournament boards of when it was played and its challenge's settlement; removing
 * one settles its challenge as a round of 0. The moderators' queue and roles come with issue #34; until then these
 * are reached from the service.
 */
export function createFairPlayService(
  db: Db,
  deps: {
    challenges: Pick<ChallengeService, "boundTo" | "settleWithRound">;
  },
) {
  async function heldRound(statsId: number) {
    const [row] = await db
      .select({
        scoreId: scores.id,
        userId: scores.userId,
        gameId: scores.gameId,
        score: scores.score,
        review: scores.review,
        scoredAt: scores.createdAt,
        startedAt: gameStats.createdAt,
      })
      .from(scores)
      .innerJoin(gameStats, eq(gameStats.id, scores.statsId))
      .where(eq(scores.statsId, statsId))
      .limit(1);
    if (!row) throw notFound("Round not found");
    if (row.review !== "held")
      throw new ApiError(409, "not_held", FAIR_PLAY_MESSAGES.notHeld);
    return row;
  }

  /** Writes the review with `statements`, settling the round's challenge with `score` in the same batch. */
  async function decide(
    round: Awaited<ReturnType<typeof heldRound>>,
    statsId: number,
    review: "released" | "removed",
    score: number,
    statements: Write[],
    now: number,
  ) {
    const mark = db
      .update(scores)
      .set({ review })
      .where(and(eq(scores.statsId, statsId), eq(scores.review, "held")));
    const all: [Write, ...Write[]] = [mark, ...statements];
    const challengeId = await deps.challenges.boundTo(statsId);
    if (challengeId === null) {
      await db.batch(all);
      return;
    }
    await deps.challenges.settleWithRound(
      round.userId,
      challengeId,
      {
        gameId: round.gameId,
        statsId,
        startedAt: round.startedAt,
        score,
        statements: all,
        duplicate: () =>
          new ApiError(409, "not_held", FAIR_PLAY_MESSAGES.notHeld),
      },
      now,
    );
  }

  return {
    /** The oldest rounds waiting for review first. */
    async held(limit = 50): Promise<HeldRound[]> {
      const rows = await db
        .select({
          scoreId: scores.id,
          statsId: scores.statsId,
          userId: scores.userId,
          gameId: scores.gameId,
          score: scores.score,
          note: scores.reviewNote,
          heldAt: scores.createdAt,
        })
        .from(scores)
        .where(eq(scores.review, "held"))
        .orderBy(asc(scores.createdAt))
        .limit(Math.min(Math.max(limit, 1), 200));
      return rows.flatMap((row) =>
        row.statsId === null ? [] : [{ ...row, statsId: row.statsId }],
      );
    },

    /** The round was a person's: it goes on the boards as if it had never been held, and settles its challenge. */
    async release(statsId: number, now = Date.now()): Promise<void> {
      const round = await heldRound(statsId);
      const at = round.scoredAt.getTime();
      const boards =
        round.score > 0
          ? periodBoardWrites(db, {
              gameId: round.gameId,
              userId: round.userId,
              score: round.score,
              statsId,
              now: at,
            })
          : [];
      await decide(
        round,
        statsId,
        "released",
        round.score,
        [
          bestScoreWrite(db, {
            gameId: round.gameId,
            userId: round.userId,
            score: round.score,
            statsId,
            now,
          }),
          ...boards,
        ],
        now,
      );
    },

    /** The round was not a person's play: it never reaches a board, and its challenge settles as a round of 0. */
    async remove(statsId: number, now = Date.now()): Promise<void> {
      const round = await heldRound(statsId);
      await decide(round, statsId, "removed", 0, [], now);
    },
  };
}
