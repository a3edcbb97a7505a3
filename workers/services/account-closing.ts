import { and, count, eq, inArray, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  ACCOUNT_CLOSING_MESSAGES,
  DELETE_WORD,
  DELETED_PLAYER_NAME,
  DeleteAccountFormSchema,
  deletedEmailOf,
  type AccountSummary,
  type DeleteAccountForm,
} from "#contract/account-closing";
import { blogPath } from "#contract/blog";
import type { Db } from "../db/client";
import {
  accountTokens,
  blocks,
  blogPosts,
  follows,
  gameData,
  matchInvites,
  notifications,
  plays,
  pushMuted,
  pushSubscriptions,
  savedGames,
  scoreShares,
  uploadTokens,
  users,
  type UserRow,
} from "../db/schema";
import type { ChallengeService } from "./challenges";
import { ApiError } from "./errors";
import { parseFields } from "./parse";
import { verifyPassword } from "./password";
import type { UserHubs } from "./ports";
import type { RateLimiter } from "./rate-limits";
import type { SessionService } from "./sessions";
import { shareCardKey } from "./shares";

/**
 * "Delete my account" (issue #34, ADR 046). The row stays, with nothing personal in it, so the ledger, the boards and
 * the other player's side of every challenge and match still add up; everything that is only the player's goes.
 */
export interface AccountClosingDeps {
  db: Db;
  media: R2Bucket;
  sessions: SessionService;
  hubs: UserHubs;
  challenges: Pick<ChallengeService, "refundOnLeave">;
  limits: RateLimiter;
  /** The public pages that name the account (the blog list, its posts) are no longer true at the edge. */
  pagesChanged: (paths: string[]) => Promise<void>;
}

const refused = (status: 400 | 403, field: string, message: string) =>
  new ApiError(status, "account_not_deleted", message, { [field]: message });

/** The password again, or the word for an account that signs in only with Google. */
async function confirmOwner(user: UserRow, form: DeleteAccountForm) {
  if (user.passwordHash) {
    const password = form.password ?? "";
    if (password === "")
      throw refused(400, "password", ACCOUNT_CLOSING_MESSAGES.passwordRequired);
    if (!(await verifyPassword(password, user.passwordHash)))
      throw refused(403, "password", ACCOUNT_CLOSING_MESSAGES.passwordWrong);
  } else if ((form.confirm ?? "").trim() !== DELETE_WORD) {
    throw refused(400, "confirm", ACCOUNT_CLOSING_MESSAGES.wordRequired);
  }
}

/** The R2 keys a post shows: its poster and its image blocks. */
function postPictures(post: {
  posterUrl: string | null;
  content: Array<{ type: string; content: string }>;
}): string[] {
  const keys = post.content
    .filter((block) => block.type === "img")
    .map((block) => block.content);
  return post.posterUrl ? [...keys, post.posterUrl] : keys;
}

/** What is read before the one batch: whom the player followed or was followed by, their files and posts. */
async function readLeaving(db: Db, userId: number, unpublish: boolean) {
  const [partners, uploads, posts, shares] = await Promise.all([
    db
      .select({ a: follows.followerId, b: follows.followeeId })
      .from(follows)
      .where(
        or(eq(follows.followerId, userId), eq(follows.followeeId, userId)),
      ),
    db
      .select({ key: uploadTokens.key })
      .from(uploadTokens)
      .where(eq(uploadTokens.userId, userId)),
    db
      .select({
        id: blogPosts.id,
        slug: blogPosts.slug,
        status: blogPosts.status,
        posterUrl: blogPosts.posterUrl,
        content: blogPosts.content,
      })
      .from(blogPosts)
      .where(eq(blogPosts.authorId, userId)),
    db
      .select({ id: scoreShares.id })
      .from(scoreShares)
      .where(eq(scoreShares.userId, userId)),
  ]);
  const kept = posts.filter(
    (post) => post.status === "published" && !unpublish,
  );
  const keptPictures = new Set(kept.flatMap(postPictures));
  return {
    partnerIds: [
      ...new Set(partners.map(({ a, b }) => (a === userId ? b : a))),
    ],
    // A kept post's pictures stay with it; every other file of theirs goes.
    doomedFiles: [
      ...uploads.map((row) => row.key).filter((key) => !keptPictures.has(key)),
      ...shares.map((share) => shareCardKey(share.id)),
    ],
    removedPosts: posts.filter((post) => !kept.includes(post)),
    publishedSlugs: posts
      .filter((post) => post.status === "published")
      .map((post) => post.slug),
  };
}

/** One batch: the row emptied of personal data, and every row that is only the player's deleted. */
function erase(db: Db, userId: number, removedPostIds: number[]) {
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(users)
      .set({
        name: DELETED_PLAYER_NAME,
        firstName: "Deleted",
        email: deletedEmailOf(userId),
        passwordHash: null,
        googleSub: null,
        phoneNumber: null,
        address: null,
        gender: null,
        profileImg: null,
        profilePic: null,
        inviteCode: null,
        canWrite: false,
        emailVerifiedAt: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, userId)),
    db
      .delete(follows)
      .where(
        or(eq(follows.followerId, userId), eq(follows.followeeId, userId)),
      ),
    db
      .delete(blocks)
      .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId))),
    db
      .delete(matchInvites)
      .where(
        or(
          eq(matchInvites.inviterId, userId),
          eq(matchInvites.inviteeId, userId),
        ),
      ),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    db.delete(pushMuted).where(eq(pushMuted.userId, userId)),
    db.delete(notifications).where(eq(notifications.userId, userId)),
    db.delete(gameData).where(eq(gameData.userId, userId)),
    db.delete(savedGames).where(eq(savedGames.userId, userId)),
    db.delete(plays).where(eq(plays.userId, userId)),
    db.delete(uploadTokens).where(eq(uploadTokens.userId, userId)),
    db.delete(accountTokens).where(eq(accountTokens.userId, userId)),
    db.delete(scoreShares).where(eq(scoreShares.userId, userId)),
  ];
  if (removedPostIds.length > 0)
    statements.push(
      db
        .delete(blogPosts)
        .where(
          and(
            eq(blogPosts.authorId, userId),
            inArray(blogPosts.id, removedPostIds),
          ),
        ),
    );
  const [first, ...rest] = statements;
  return db.batch([first, ...rest]);
}

async function deleteAccount(
  deps: AccountClosingDeps,
  user: UserRow,
  input: unknown,
): Promise<void> {
  await deps.limits.hit("accountDeletePerUser", user.id);
  const form = parseFields(DeleteAccountFormSchema, input);
  await confirmOwner(user, form);
  // First, so the stakes go back through the same ledger rows expiry writes; then nothing else can open one.
  await deps.challenges.refundOnLeave(user.id);
  const leaving = await readLeaving(deps.db, user.id, !!form.unpublish);
  await erase(
    deps.db,
    user.id,
    leaving.removedPosts.map((post) => post.id),
  );
  for (let at = 0; at < leaving.doomedFiles.length; at += 1000)
    await deps.media.delete(leaving.doomedFiles.slice(at, at + 1000));
  await deps.sessions.revokeAll(user.id);
  await deps.hubs.nameChanged(user.id);
  await Promise.all(
    leaving.partnerIds.map((id) => deps.hubs.chatChanged(user.id, id)),
  );
  if (leaving.publishedSlugs.length > 0)
    await deps.pagesChanged(["/blog", ...leaving.publishedSlugs.map(blogPath)]);
}

/** What the delete form needs to say: how the owner confirms, and whether they have published posts to keep. */
async function summaryOf(db: Db, user: UserRow): Promise<AccountSummary> {
  const [row] = await db
    .select({ posts: count() })
    .from(blogPosts)
    .where(
      and(eq(blogPosts.authorId, user.id), eq(blogPosts.status, "published")),
    );
  return {
    name: user.name,
    email: user.email,
    hasPassword: user.passwordHash !== null,
    publishedPosts: row?.posts ?? 0,
  };
}

export function createAccountClosing(deps: AccountClosingDeps) {
  return {
    summary: (user: UserRow) => summaryOf(deps.db, user),
    /** Deletes the caller's account, or refuses (wrong password, missing word) with nothing changed. */
    deleteAccount: (user: UserRow, input: unknown) =>
      deleteAccount(deps, user, input),
  };
}
