import { and, asc, eq, ne, sql } from "drizzle-orm";
import { bundleAddress } from "#contract/developers";
import {
  REVIEW_MESSAGES,
  type ReviewQueueItem,
  type ReviewVersion,
} from "#contract/review";
import type { Db } from "../db/client";
import {
  categories,
  gameVersions,
  games,
  publishers,
  type GameVersionRow,
} from "../db/schema";
import { gameColumnsOf, type DeveloperService } from "./developers";
import { ApiError, notFound } from "./errors";

/**
 * Issue #33, review and publishing (ADR 041): moderators approve or reject submitted versions; approving copies the
 * version onto its game and publishes it, replacing the live version. A moderator or a developer of the game's
 * publisher may hide a live game and show it again. Every function checks its caller itself.
 */

const conflict = (message: string) => new ApiError(409, "conflict", message);

/** Told after a game was published, changed or hidden: visitors' copies of the catalogue and pages are forgotten. */
export type CatalogueChanged = (game: {
  id: number;
  publisherId: number;
}) => Promise<void>;

export function createReviewService(
  db: Db,
  deps: {
    developers: DeveloperService;
    gamesOrigin: string;
    catalogueChanged: CatalogueChanged;
  },
) {
  const { developers } = deps;

  async function versionRow(versionId: number): Promise<GameVersionRow> {
    const version = await db
      .select()
      .from(gameVersions)
      .where(eq(gameVersions.id, versionId))
      .get();
    if (!version) throw notFound("Version not found");
    return version;
  }

  async function gameRow(gameId: number) {
    const game = await db
      .select({
        id: games.id,
        publisherId: games.publisherId,
        isPublished: games.isPublished,
      })
      .from(games)
      .where(eq(games.id, gameId))
      .get();
    if (!game) throw notFound("Game not found");
    return game;
  }

  /** The approved version a game shows (or showed before it was hidden), if any. */
  async function liveVersionOf(gameId: number) {
    return db
      .select({ id: gameVersions.id })
      .from(gameVersions)
      .where(
        and(
          eq(gameVersions.gameId, gameId),
          eq(gameVersions.status, "approved"),
        ),
      )
      .get();
  }

  /** A moderator, or a developer of the game's publisher; anyone else is refused (403). */
  async function requireGameKeeper(userId: number, publisherId: number) {
    if (await developers.isModerator(userId)) return;
    await developers.publisherFor(userId, publisherId);
  }

  async function setPublished(
    userId: number,
    gameId: number,
    isPublished: boolean,
  ) {
    const game = await gameRow(gameId);
    await requireGameKeeper(userId, game.publisherId);
    if (isPublished && !(await liveVersionOf(gameId)))
      throw conflict(REVIEW_MESSAGES.notLive);
    await db
      .update(games)
      .set({ isPublished })
      .where(eq(games.id, gameId))
      .run();
    await deps.catalogueChanged(game);
    return { gameId, isPublished };
  }

  return {
    /** The versions waiting for a decision, oldest submitted first. */
    async queue(moderatorId: number): Promise<ReviewQueueItem[]> {
      await developers.requireModerator(moderatorId);
      return queuedVersions(db);
    },

    /** One version with its game's state, for the review page. */
    async version(
      moderatorId: number,
      versionId: number,
    ): Promise<ReviewVersion> {
      await developers.requireModerator(moderatorId);
      const version = await versionRow(versionId);
      const [game, extra, live] = await Promise.all([
        gameRow(version.gameId),
        namesOf(db, version),
        liveVersionOf(version.gameId),
      ]);
      return reviewView(version, {
        ...extra,
        isPublished: game.isPublished,
        liveVersionId: live?.id ?? null,
        gamesOrigin: deps.gamesOrigin,
      });
    },

    /** Publishes a submitted version in place of the game's live one (`publishVersion`). */
    async approve(moderatorId: number, versionId: number) {
      await developers.requireModerator(moderatorId);
      const version = await versionRow(versionId);
      if (version.status !== "submitted")
        throw conflict(REVIEW_MESSAGES.notWaiting);
      if (version.kind === "upload" && !version.bundlePath)
        throw conflict(REVIEW_MESSAGES.noFiles);
      const claimed = await publishVersion(db, moderatorId, version);
      if (!claimed) throw conflict(REVIEW_MESSAGES.notWaiting);
      await deps.catalogueChanged({
        id: version.gameId,
        publisherId: version.publisherId,
      });
      return { versionId, gameId: version.gameId };
    },

    /** Refuses a submitted version with the reason its developer reads. */
    async reject(moderatorId: number, versionId: number, reason: string) {
      await developers.requireModerator(moderatorId);
      const version = await versionRow(versionId);
      const [claimed] = await db
        .update(gameVersions)
        .set({
          status: "rejected",
          reviewReason: reason,
          reviewedBy: moderatorId,
          reviewedAt: new Date(),
        })
        .where(
          and(
            eq(gameVersions.id, versionId),
            eq(gameVersions.status, "submitted"),
          ),
        )
        .returning({ id: gameVersions.id })
        .all();
      if (!claimed) throw conflict(REVIEW_MESSAGES.notWaiting);
      return { versionId, gameId: version.gameId };
    },

    /** Hides a game; its approved version stays approved, so `republish` shows it again as it was. */
    unpublish: (userId: number, gameId: number) =>
      setPublished(userId, gameId, false),

    republish: (userId: number, gameId: number) =>
      setPublished(userId, gameId, true),
  };
}

async function queuedVersions(db: Db): Promise<ReviewQueueItem[]> {
  const rows = await db
    .select({
      version: gameVersions,
      publisherName: publishers.name,
      isPublished: games.isPublished,
    })
    .from(gameVersions)
    .innerJoin(games, eq(games.id, gameVersions.gameId))
    .innerJoin(publishers, eq(publishers.id, gameVersions.publisherId))
    .where(eq(gameVersions.status, "submitted"))
    .orderBy(asc(gameVersions.submittedAt), asc(gameVersions.id))
    .all();
  return rows.map(({ version, publisherName, isPublished }) => ({
    versionId: version.id,
    gameId: version.gameId,
    name: version.meta.name,
    icon: version.meta.icon,
    publisherName,
    kind: version.kind,
    fileCount: version.fileCount,
    byteSize: version.byteSize,
    submittedAt: version.submittedAt?.getTime() ?? null,
    isUpdate: isPublished,
  }));
}

/** The version's publisher and the name of the category its meta names. */
async function namesOf(db: Db, version: GameVersionRow) {
  const [publisher, category] = await Promise.all([
    db
      .select({ id: publishers.id, name: publishers.name })
      .from(publishers)
      .where(eq(publishers.id, version.publisherId))
      .get(),
    db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, version.meta.categoryId))
      .get(),
  ]);
  return {
    publisher: publisher ?? { id: version.publisherId, name: "" },
    category: category?.name ?? "",
  };
}

function reviewView(
  version: GameVersionRow,
  extra: {
    publisher: ReviewVersion["publisher"];
    category: string;
    isPublished: boolean;
    liveVersionId: number | null;
    gamesOrigin: string;
  },
): ReviewVersion {
  const { meta } = version;
  return {
    versionId: version.id,
    gameId: version.gameId,
    status: version.status,
    kind: version.kind,
    source:
      version.kind === "link"
        ? version.externalLink
        : version.bundlePath &&
          bundleAddress(extra.gamesOrigin, version.bundlePath),
    fileCount: version.fileCount,
    byteSize: version.byteSize,
    submittedAt: version.submittedAt?.getTime() ?? null,
    reviewedAt: version.reviewedAt?.getTime() ?? null,
    reviewReason: version.reviewReason,
    publisher: extra.publisher,
    meta: {
      name: meta.name,
      description: meta.description,
      howToPlay: meta.howToPlay,
      category: extra.category,
      orientation: meta.orientation,
      timed: meta.timed,
      maximumGameTime: meta.maximumGameTime,
      sendsScores: meta.sendsScores,
      leaderboardType: meta.leaderboardType,
      icon: meta.icon,
      video: meta.video,
    },
    game: {
      isPublished: extra.isPublished,
      liveVersionId: extra.liveVersionId,
    },
  };
}

/**
 * One D1 batch: the version becomes the approved one, the game's earlier approved version "replaced", and the game row
 * takes the version's meta and source and is published. The later statements run only if this call's own claim of
 * the version holds, so a racing or repeated approval changes nothing. False when the version was not submitted.
 */
async function publishVersion(
  db: Db,
  moderatorId: number,
  version: GameVersionRow,
): Promise<boolean> {
  const reviewedAt = new Date();
  const claimedHere = sql`exists (select 1 from ${gameVersions} where ${gameVersions.id} = ${version.id} and ${gameVersions.status} = 'approved' and ${gameVersions.reviewedBy} = ${moderatorId} and ${gameVersions.reviewedAt} = ${reviewedAt.getTime()})`;
  const source =
    version.kind === "link"
      ? { type: 2, externalLink: version.externalLink, bundlePath: null }
      : { type: 0, externalLink: null, bundlePath: version.bundlePath };
  const [claimed] = await db.batch([
    db
      .update(gameVersions)
      .set({
        status: "approved",
        reviewedBy: moderatorId,
        reviewedAt,
        reviewReason: null,
      })
      .where(
        and(
          eq(gameVersions.id, version.id),
          eq(gameVersions.status, "submitted"),
        ),
      )
      .returning({ id: gameVersions.id }),
    db
      .update(gameVersions)
      .set({ status: "replaced" })
      .where(
        and(
          eq(gameVersions.gameId, version.gameId),
          eq(gameVersions.status, "approved"),
          ne(gameVersions.id, version.id),
          claimedHere,
        ),
      ),
    db
      .update(games)
      .set({ ...gameColumnsOf(version.meta), ...source, isPublished: true })
      .where(and(eq(games.id, version.gameId), claimedHere)),
  ]);
  return claimed.length > 0;
}
