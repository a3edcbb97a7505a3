import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import { DEVELOPER_MESSAGES, type VersionStatus } from "#contract/developers";
import type { Db } from "../db/client";
import {
  categories,
  gameVersions,
  games,
  publisherInvites,
  publisherMembers,
  publishers,
  users,
} from "../db/schema";
import type { DeveloperService } from "./developers";
import { ApiError, notFound } from "./errors";
import type { createRateLimiter } from "./rate-limits";

/**
 * Issue #33, what the developer pages read and change beyond the shared access rules of developers.ts: a publisher's
 * members, invitations and games, and a version's way from draft to review and back.
 */

const wrongState = (message: string) => new ApiError(409, "conflict", message);

export function createDeveloperDesk(
  db: Db,
  developers: DeveloperService,
  limits: ReturnType<typeof createRateLimiter>,
) {
  /** The game, for one of its publisher's developers: 404 for no game, 403 for anyone else. */
  async function gameFor(userId: number, gameId: number) {
    const game = await db
      .select({
        id: games.id,
        name: games.name,
        icon: games.icon,
        slug: games.slug,
        type: games.type,
        publisherId: games.publisherId,
        isPublished: games.isPublished,
      })
      .from(games)
      .where(eq(games.id, gameId))
      .get();
    if (!game) throw notFound("Game not found");
    const publisher = await developers.publisherFor(userId, game.publisherId);
    return { game, publisher };
  }

  /** A version of the caller's own publisher (a moderator's access is for the review queue, not these buttons). */
  async function ownVersion(userId: number, versionId: number) {
    const { version, isDeveloper } = await developers.versionFor(
      userId,
      versionId,
    );
    if (!isDeveloper) throw notFound("Version not found");
    return version;
  }

  async function moveVersion(
    versionId: number,
    from: VersionStatus,
    set: Partial<typeof gameVersions.$inferInsert>,
    refusal: string,
  ) {
    const moved = await db
      .update(gameVersions)
      .set(set)
      .where(and(eq(gameVersions.id, versionId), eq(gameVersions.status, from)))
      .returning()
      .all();
    if (moved.length === 0) throw wrongState(refusal);
    return moved[0];
  }

  return {
    gameFor,

    /** The categories a game can be filed under, in home's order. */
    ...publisherOperations(db, developers, limits),

    /** A game's page: the game and its versions, newest first. */
    async gamePage(userId: number, gameId: number) {
      const { game, publisher } = await gameFor(userId, gameId);
      const versions = await developers.versionsOf(userId, gameId);
      return { game, publisher, versions };
    },

    /** A draft goes to the review queue. An upload whose files were never stored cannot. */
    async submit(userId: number, versionId: number) {
      const version = await ownVersion(userId, versionId);
      if (version.kind === "upload" && !version.bundlePath)
        throw wrongState(
          "This version has no files yet. Please upload it again.",
        );
      return moveVersion(
        versionId,
        "draft",
        { status: "submitted", submittedAt: new Date() },
        "Only a draft can be submitted for review",
      );
    },

    /** A version under review goes back to the developer; it is not reviewed. */
    async withdraw(userId: number, versionId: number) {
      await ownVersion(userId, versionId);
      return moveVersion(
        versionId,
        "submitted",
        { status: "withdrawn" },
        "Only a version waiting for review can be withdrawn",
      );
    },

    /**
     * The icon and clip of a new game, stored once its id exists: onto the game's row (an unpublished game shows them
     * in its own pages) and into its first version's meta, which approval copies.
     */
    async attachMedia(
      versionId: number,
      media: { icon: string | null; video: string | null },
    ) {
      const version = await db
        .select({ gameId: gameVersions.gameId, meta: gameVersions.meta })
        .from(gameVersions)
        .where(eq(gameVersions.id, versionId))
        .get();
      if (!version) throw notFound("Version not found");
      await db.batch([
        db
          .update(gameVersions)
          .set({ meta: { ...version.meta, ...media } })
          .where(eq(gameVersions.id, versionId)),
        db
          .update(games)
          .set({ icon: media.icon ?? "/favicon.svg", video: media.video })
          .where(eq(games.id, version.gameId)),
      ]);
    },
  };
}

/** Each game's newest version: its status and the reason of a rejection. */
async function latestVersions(db: Db, gameIds: number[]) {
  if (gameIds.length === 0) return new Map<number, never>();
  const rows = await db
    .select({
      id: gameVersions.id,
      gameId: gameVersions.gameId,
      status: gameVersions.status,
      reviewReason: gameVersions.reviewReason,
    })
    .from(gameVersions)
    .where(inArray(gameVersions.gameId, gameIds))
    .orderBy(desc(gameVersions.id))
    .all();
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows)
    if (!latest.has(row.gameId)) latest.set(row.gameId, row);
  return latest;
}

/** The publisher page's reads and writes: its developers, invitations and games. */
function publisherOperations(
  db: Db,
  developers: DeveloperService,
  limits: ReturnType<typeof createRateLimiter>,
) {
  return {
    categories() {
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(categories.sortOrder, categories.name)
        .all();
    },

    /** The caller's publishers with how many games each has. */
    async overview(userId: number) {
      const mine = await developers.publishersOf(userId);
      if (mine.length === 0) return [];
      const counts = await db
        .select({ publisherId: games.publisherId, games: count() })
        .from(games)
        .where(
          inArray(
            games.publisherId,
            mine.map(({ id }) => id),
          ),
        )
        .groupBy(games.publisherId)
        .all();
      const countOf = new Map(
        counts.map((row) => [row.publisherId, row.games]),
      );
      return mine.map((publisher) => ({
        ...publisher,
        games: countOf.get(publisher.id) ?? 0,
      }));
    },

    /** A publisher's own page: its developers, who is invited, and its games with their latest version. */
    async publisherPage(userId: number, publisherId: number) {
      const publisher = await developers.publisherFor(userId, publisherId);
      const [members, invites, rows] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            profileImg: users.profileImg,
          })
          .from(publisherMembers)
          .innerJoin(users, eq(users.id, publisherMembers.userId))
          .where(eq(publisherMembers.publisherId, publisherId))
          .orderBy(publisherMembers.createdAt)
          .all(),
        db
          .select({ email: publisherInvites.email })
          .from(publisherInvites)
          .where(eq(publisherInvites.publisherId, publisherId))
          .orderBy(publisherInvites.id)
          .all(),
        db
          .select({
            id: games.id,
            name: games.name,
            icon: games.icon,
            isPublished: games.isPublished,
          })
          .from(games)
          .where(eq(games.publisherId, publisherId))
          .orderBy(desc(games.id))
          .all(),
      ]);
      const latest = await latestVersions(
        db,
        rows.map(({ id }) => id),
      );
      return {
        publisher,
        members,
        invites: invites.map(({ email }) => email),
        games: rows.map((game) => ({
          ...game,
          latest: latest.get(game.id) ?? null,
        })),
      };
    },

    /** New name, about, icon or banner (a picture left out keeps the old one). */
    async updatePublisher(
      userId: number,
      publisherId: number,
      input: { name: string; about: string; icon?: string; banner?: string },
    ) {
      await developers.publisherFor(userId, publisherId);
      const taken = await db
        .select({ id: publishers.id })
        .from(publishers)
        .where(
          and(eq(publishers.name, input.name), ne(publishers.id, publisherId)),
        )
        .get();
      if (taken)
        throw new ApiError(409, "conflict", DEVELOPER_MESSAGES.publisherTaken, {
          name: DEVELOPER_MESSAGES.publisherTaken,
        });
      const [saved] = await db
        .update(publishers)
        .set(input)
        .where(eq(publishers.id, publisherId))
        .returning()
        .all();
      return saved;
    },

    /** An invitation waits for the address until its account opens /developer; asking twice is one invitation. */
    async invite(userId: number, publisherId: number, email: string) {
      await developers.publisherFor(userId, publisherId);
      await limits.hit("developerInvitePerUser", userId);
      const address = email.trim().toLowerCase();
      await db
        .insert(publisherInvites)
        .values({ publisherId, email: address, invitedBy: userId })
        .onConflictDoNothing()
        .run();
      return address;
    },
  };
}
