import { and, desc, eq, inArray } from "drizzle-orm";
import {
  DEVELOPER_MESSAGES,
  type UserRole,
  type VersionMeta,
} from "#contract/developers";
import { slugify } from "#contract/blog";
import { canModerate } from "#contract/moderation";
import type { Db } from "../db/client";
import {
  categories,
  gameVersions,
  games,
  publisherInvites,
  publisherMembers,
  publishers,
  users,
  GAME_MODES,
  type GameVersionRow,
  type PublisherRow,
} from "../db/schema";
import { ApiError, badRequest, forbidden, notFound } from "./errors";

/**
 * Issue #33, the core every developer page and the review queue share: who may see and change what. A developer is a
 * member of a publisher; a moderator (users.role) may see every version. A version anyone else asks for is "not
 * found", so its existence does not leak.
 */

/** Where a new version's game comes from: its own files (stored by the bundles service) or a link. */
export type VersionSource =
  | { kind: "link"; link: string }
  | {
      kind: "upload";
      /** Stores the archive under `bundles/{versionId}/` and says where its index.html is. */
      store: (
        versionId: number,
      ) => Promise<{ bundlePath: string; files: number; bytes: number }>;
    };

export interface VersionAccess {
  version: GameVersionRow;
  /** The viewer is a developer of the version's publisher (else a moderator). */
  isDeveloper: boolean;
  isModerator: boolean;
}

export function createDeveloperService(db: Db) {
  async function roleOf(userId: number): Promise<UserRole> {
    const row = await db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    return row?.role ?? "player";
  }

  async function isMember(userId: number, publisherId: number) {
    const row = await db
      .select({ userId: publisherMembers.userId })
      .from(publisherMembers)
      .where(
        and(
          eq(publisherMembers.publisherId, publisherId),
          eq(publisherMembers.userId, userId),
        ),
      )
      .get();
    return row !== undefined;
  }

  /** The publisher, for one of its developers; 404 for a publisher that does not exist, 403 for anyone else. */
  async function publisherFor(
    userId: number,
    publisherId: number,
  ): Promise<PublisherRow> {
    const publisher = await db
      .select()
      .from(publishers)
      .where(eq(publishers.id, publisherId))
      .get();
    if (!publisher) throw notFound("Publisher not found");
    if (!(await isMember(userId, publisherId)))
      throw forbidden(DEVELOPER_MESSAGES.notMember);
    return publisher;
  }

  return {
    roleOf,
    isMember,
    publisherFor,

    async isModerator(userId: number) {
      return canModerate(await roleOf(userId));
    },

    /** 403 unless the user is a moderator (or an admin, who may do all a moderator may). */
    async requireModerator(userId: number) {
      if (!canModerate(await roleOf(userId)))
        throw forbidden(DEVELOPER_MESSAGES.notModerator);
    },

    /** The publishers the user develops for, by name. */
    async publishersOf(userId: number): Promise<PublisherRow[]> {
      return db
        .select({
          id: publishers.id,
          name: publishers.name,
          icon: publishers.icon,
          banner: publishers.banner,
          about: publishers.about,
        })
        .from(publisherMembers)
        .innerJoin(publishers, eq(publishers.id, publisherMembers.publisherId))
        .where(eq(publisherMembers.userId, userId))
        .orderBy(publishers.name)
        .all();
    },

    /** A new publisher, with its creator as its first developer. */
    async createPublisher(
      userId: number,
      input: { name: string; about: string; icon: string; banner: string },
    ): Promise<PublisherRow> {
      const taken = await db
        .select({ id: publishers.id })
        .from(publishers)
        .where(eq(publishers.name, input.name))
        .get();
      if (taken)
        throw new ApiError(409, "conflict", DEVELOPER_MESSAGES.publisherTaken, {
          name: DEVELOPER_MESSAGES.publisherTaken,
        });
      const [created] = await db
        .insert(publishers)
        .values(input)
        .returning()
        .all();
      await db
        .insert(publisherMembers)
        .values({ publisherId: created.id, userId })
        .run();
      return created;
    },

    /** Invitations waiting for this address become memberships (the address is the account's own, verified by login). */
    async acceptInvites(userId: number, email: string): Promise<number> {
      const address = email.trim().toLowerCase();
      const waiting = await db
        .select({
          id: publisherInvites.id,
          publisherId: publisherInvites.publisherId,
        })
        .from(publisherInvites)
        .where(eq(publisherInvites.email, address))
        .all();
      if (waiting.length === 0) return 0;
      await db.batch([
        db
          .insert(publisherMembers)
          .values(waiting.map(({ publisherId }) => ({ publisherId, userId })))
          .onConflictDoNothing(),
        db.delete(publisherInvites).where(
          inArray(
            publisherInvites.id,
            waiting.map(({ id }) => id),
          ),
        ),
      ]);
      return waiting.length;
    },

    /**
     * A version, for a developer of its publisher or a moderator; "not found" for everyone else, so a draft's
     * existence does not leak.
     */
    async versionFor(
      userId: number,
      versionId: number,
    ): Promise<VersionAccess> {
      const version = await db
        .select()
        .from(gameVersions)
        .where(eq(gameVersions.id, versionId))
        .get();
      if (!version) throw notFound("Version not found");
      const [isDeveloper, role] = await Promise.all([
        isMember(userId, version.publisherId),
        roleOf(userId),
      ]);
      const isModerator = canModerate(role);
      if (!isDeveloper && !isModerator) throw notFound("Version not found");
      return { version, isDeveloper, isModerator };
    },

    ...gameOperations(db, publisherFor),
  };
}

/** Versions and new games, for a publisher's developers. */
function gameOperations(
  db: Db,
  publisherFor: (userId: number, publisherId: number) => Promise<PublisherRow>,
) {
  return {
    /** A game's versions, newest first, for one of its developers. */
    async versionsOf(
      userId: number,
      gameId: number,
    ): Promise<GameVersionRow[]> {
      const game = await db
        .select({ publisherId: games.publisherId })
        .from(games)
        .where(eq(games.id, gameId))
        .get();
      if (!game) throw notFound("Game not found");
      await publisherFor(userId, game.publisherId);
      return db
        .select()
        .from(gameVersions)
        .where(eq(gameVersions.gameId, gameId))
        .orderBy(desc(gameVersions.id))
        .all();
    },

    /**
     * A new game (unpublished until a moderator approves a version) with its first version, a draft. The game's own
     * row carries the meta from the start, so its id exists for play sessions, data and the dashboard.
     */
    async createGame(
      userId: number,
      publisherId: number,
      meta: VersionMeta,
      source: VersionSource,
    ): Promise<GameVersionRow> {
      await publisherFor(userId, publisherId);
      await requireCategory(db, meta.categoryId);
      const [game] = await db
        .insert(games)
        .values({
          ...gameColumnsOf(meta),
          slug: `${slugify(meta.name).slice(0, 40) || "game"}-${slugSuffix()}`,
          publisherId,
          type: source.kind === "link" ? 2 : 0,
          externalLink: source.kind === "link" ? source.link : null,
          isPublished: false,
        })
        .returning({ id: games.id })
        .all();
      try {
        return await addVersion(db, userId, game.id, publisherId, meta, source);
      } catch (error) {
        // A first version refused leaves no game behind either.
        await db.delete(games).where(eq(games.id, game.id)).run();
        throw error;
      }
    },

    /** Another version of a game, a draft; the live one (if any) stays live until this one is approved. */
    async createVersion(
      userId: number,
      gameId: number,
      meta: VersionMeta,
      source: VersionSource,
    ): Promise<GameVersionRow> {
      const game = await db
        .select({ publisherId: games.publisherId })
        .from(games)
        .where(eq(games.id, gameId))
        .get();
      if (!game) throw notFound("Game not found");
      await publisherFor(userId, game.publisherId);
      await requireCategory(db, meta.categoryId);
      return addVersion(db, userId, gameId, game.publisherId, meta, source);
    },
  };
}

/** Six lowercase letters and digits, so two games of one name get two addresses. */
function slugSuffix(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

export type DeveloperService = ReturnType<typeof createDeveloperService>;

async function requireCategory(db: Db, categoryId: number) {
  const category = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .get();
  if (!category)
    throw new ApiError(400, "bad_request", DEVELOPER_MESSAGES.category, {
      categoryId: DEVELOPER_MESSAGES.category,
    });
}

/** The games row's columns a version's meta decides (copied again when a version is approved). */
export function gameColumnsOf(meta: VersionMeta) {
  return {
    name: meta.name,
    description: meta.description,
    howToPlay: meta.howToPlay,
    categoryId: meta.categoryId,
    orientation: meta.orientation,
    icon: meta.icon ?? "/favicon.svg",
    video: meta.video,
    poster: null,
    gameModes: GAME_MODES.single | (meta.timed ? GAME_MODES.scored : 0),
    leaderboardType: meta.leaderboardType,
    maximumGameTime: meta.maximumGameTime,
  };
}

async function addVersion(
  db: Db,
  userId: number,
  gameId: number,
  publisherId: number,
  meta: VersionMeta,
  source: VersionSource,
): Promise<GameVersionRow> {
  const [version] = await db
    .insert(gameVersions)
    .values({
      gameId,
      publisherId,
      createdBy: userId,
      kind: source.kind,
      externalLink: source.kind === "link" ? source.link : null,
      meta,
    })
    .returning()
    .all();
  if (source.kind === "link") return version;
  try {
    const stored = await source.store(version.id);
    const [updated] = await db
      .update(gameVersions)
      .set({
        bundlePath: stored.bundlePath,
        fileCount: stored.files,
        byteSize: stored.bytes,
      })
      .where(eq(gameVersions.id, version.id))
      .returning()
      .all();
    return updated;
  } catch (error) {
    // A refused or failed upload leaves no version behind.
    await db.delete(gameVersions).where(eq(gameVersions.id, version.id)).run();
    if (error instanceof ApiError) throw error;
    console.error("storing a game's files failed", error);
    throw badRequest("The game's files could not be stored. Please try again.");
  }
}
