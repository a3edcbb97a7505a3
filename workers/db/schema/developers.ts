import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  VERSION_KINDS,
  VERSION_STATUSES,
  type VersionMeta,
} from "#contract/developers";
import { userRef, users } from "./accounts";
import { gameRef, publishers } from "./catalogue";
import { createdAt } from "./columns";

// Issue #33: developers, the publishers they run and the versions of their games a moderator reviews.

const publisherRef = () =>
  integer("publisher_id")
    .notNull()
    .references(() => publishers.id, { onDelete: "cascade" });

/** The developers of a publisher: whoever created it, and whoever accepted an invitation to it. */
export const publisherMembers = sqliteTable(
  "publisher_members",
  { publisherId: publisherRef(), userId: userRef(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.publisherId, t.userId] }),
    index("publisher_members_user_idx").on(t.userId),
  ],
);

/** An invitation to a second developer, by e-mail address (lowercased); accepted when that account opens /developer. */
export const publisherInvites = sqliteTable(
  "publisher_invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publisherId: publisherRef(),
    email: text("email").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("publisher_invites_publisher_email_idx").on(
      t.publisherId,
      t.email,
    ),
    index("publisher_invites_email_idx").on(t.email),
  ],
);

/**
 * One submitted build of a developer's game. Its files (an upload) sit in R2 under `bundles/{id}/` and never change;
 * a new build is a new version. Approving one copies its meta onto the game and makes its files the live ones.
 */
export const gameVersions = sqliteTable(
  "game_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameId: gameRef(),
    publisherId: publisherRef(),
    createdBy: integer("created_by").references(() => users.id, {
      onDelete: "set null",
    }),
    kind: text("kind", { enum: VERSION_KINDS }).notNull(),
    /** An upload's document on the games origin, `/v/{id}/…/index.html`; null until its files are stored. */
    bundlePath: text("bundle_path"),
    /** A link version's https address. */
    externalLink: text("external_link"),
    fileCount: integer("file_count").notNull().default(0),
    /** Uncompressed bytes of an upload. */
    byteSize: integer("byte_size").notNull().default(0),
    meta: text("meta", { mode: "json" }).$type<VersionMeta>().notNull(),
    status: text("status", { enum: VERSION_STATUSES })
      .notNull()
      .default("draft"),
    /** A rejection's reason, which the developer sees. */
    reviewReason: text("review_reason"),
    reviewedBy: integer("reviewed_by").references(() => users.id, {
      onDelete: "set null",
    }),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("game_versions_game_idx").on(t.gameId, t.id),
    index("game_versions_status_idx").on(t.status, t.submittedAt),
    check(
      "game_versions_source",
      sql`(${t.kind} = 'upload' and ${t.externalLink} is null) or (${t.kind} = 'link' and ${t.externalLink} is not null and ${t.bundlePath} is null)`,
    ),
  ],
);

export type GameVersionRow = typeof gameVersions.$inferSelect;
export type PublisherMemberRow = typeof publisherMembers.$inferSelect;
