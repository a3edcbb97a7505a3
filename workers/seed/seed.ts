import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { sanitizeHtml } from "../services/html";
import { hashPassword } from "../services/password";
import { SEED_BLOG_POSTS } from "../db/blog-posts";
import { loadCatalogue } from "./catalogue-sql";
import { blogPosts, follows, games, ledger, users } from "../db/schema";

/**
 * Demo data for a local database: the catalogue (catalogue.ts: categories, publishers, the games of
 * games/<slug>/meta.json), then demo accounts and the demo writer's blog posts. Running it again changes nothing but
 * bringing catalogue rows up to date. Production gets the catalogue alone (`npm run db:catalogue -- --remote`).
 */

export const DEMO_ACCOUNTS = [
  {
    email: "writer@playfeed.local",
    password: "Writer@2026",
    name: "Maya Fields",
    firstName: "Maya",
    canWrite: true,
    gender: "female",
    phoneNumber: "9876543210",
    address: "12 Harbour Road, Lisbon",
  },
  {
    email: "ava@playfeed.local",
    password: "Player@2026",
    name: "Ava Stone",
    firstName: "Ava",
    canWrite: false,
    gender: "female",
    phoneNumber: "9123456780",
    address: "4 Elm Street, Leeds",
  },
  {
    email: "ben@playfeed.local",
    password: "Player@2026",
    name: "Ben Carter",
    firstName: "Ben",
    canWrite: false,
    gender: "male",
    phoneNumber: "8123456790",
    address: "77 Park Lane, Austin",
  },
] as const;

export async function isDatabaseEmpty(d1: D1Database): Promise<boolean> {
  const [row] = await drizzle(d1).select({ n: count() }).from(users);
  return row.n === 0;
}

export async function seedDatabase(d1: D1Database): Promise<void> {
  const db = drizzle(d1);

  await loadCatalogue(d1);
  // The real catalogue replaced the placeholder rows of earlier local databases.
  await db.delete(games).where(eq(games.isPlaceholder, true));

  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email))
      .limit(1);
    if (existing) continue;
    await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await hashPassword(account.password),
        emailVerifiedAt: new Date(),
        name: account.name,
        firstName: account.firstName,
        canWrite: account.canWrite,
        gender: account.gender,
        phoneNumber: account.phoneNumber,
        address: account.address,
      })
      .onConflictDoNothing();
  }

  // The demo players start with coins to bet (a ledger row, so the balance matches its ledger) and follow each
  // other, ready to challenge.
  const players = await db
    .select({ id: users.id, email: users.email })
    .from(users);
  const idOf = (email: string) =>
    players.find((player) => player.email === email)?.id;
  const [ava, ben] = [idOf("ava@playfeed.local"), idOf("ben@playfeed.local")];
  if (ava && ben) {
    await db.batch([
      db
        .insert(ledger)
        .values(
          [ava, ben].map((userId) => ({
            userId,
            amount: DEMO_COINS,
            reason: "opening_balance" as const,
            reference: "demo-coins",
          })),
        )
        .onConflictDoNothing(),
      db
        .insert(follows)
        .values([
          { followerId: ava, followeeId: ben },
          { followerId: ben, followeeId: ava },
        ])
        .onConflictDoNothing(),
    ]);
  }

  await seedBlogPosts(db);
}

/** The demo writer's posts, each added once by its slug: a post the writer has since edited is left as it is. */
async function seedBlogPosts(db: ReturnType<typeof drizzle>): Promise<void> {
  const [writer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS[0].email))
    .limit(1);
  if (!writer) return;
  const [first, ...others] = SEED_BLOG_POSTS.map((post) => {
    const publishedAt = new Date(post.publishedAt);
    return db
      .insert(blogPosts)
      .values({
        authorId: writer.id,
        slug: post.slug,
        title: post.title,
        tags: post.tags,
        posterUrl: post.poster,
        content: post.content.map((block) =>
          block.type === "text"
            ? { ...block, content: sanitizeHtml(block.content) }
            : block,
        ),
        status: "published",
        publishedAt,
        updatedAt: publishedAt,
        createdAt: publishedAt,
      })
      .onConflictDoNothing({ target: blogPosts.slug });
  });
  await db.batch([first, ...others]);
}

/** Coins each demo player starts with. */
export const DEMO_COINS = 500;
