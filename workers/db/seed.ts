import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { GameMode } from "#contract/types";
import { gameModesToMask } from "../services/games";
import { sanitizeHtml } from "../services/html";
import { hashPassword } from "../services/password";
import { SEED_BLOG_POSTS } from "./blog-posts";
import { CATALOGUE } from "./catalogue";
import {
  blogPosts,
  categories,
  follows,
  games,
  ledger,
  publishers,
  users,
} from "./schema";

/**
 * Demo data for a local database: categories, publishers, the game catalogue (games/<slug>/meta.json), demo
 * accounts and the demo writer's blog posts. Running it again changes nothing but bringing catalogue rows up to date.
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

export const SEED_CATEGORIES = [
  "Arcade",
  "Puzzle",
  "Action",
  "Casual",
] as const;

export const SEED_PUBLISHERS = [
  {
    slug: "pixel-harbor",
    name: "Pixel Harbor",
    about:
      "Pixel Harbor is a two-person studio by the sea that makes bright, fast arcade games you can finish on a bus ride. We love tight controls, clean colours and high-score chases.",
  },
  {
    slug: "lantern-games",
    name: "Lantern Games",
    about:
      "Lantern Games builds calm puzzle games with a twist: short sessions, no timers unless you want them, and levels that get just a little harder every time.",
  },
  {
    slug: "tiny-orbit",
    name: "Tiny Orbit",
    about:
      "Tiny Orbit makes playful casual games for every screen. Our games load in a blink, play with one thumb and are made to be shared with friends.",
  },
] as const;

/** Promo clips and posters live in public/media/promos/, addressed relative to the media base. */
export const promoVideo = (slug: string) => `promos/${slug}.webm`;
export const promoPoster = (slug: string) => `promos/${slug}.jpg`;

export async function isDatabaseEmpty(d1: D1Database): Promise<boolean> {
  const [row] = await drizzle(d1).select({ n: count() }).from(users);
  return row.n === 0;
}

export async function seedDatabase(d1: D1Database): Promise<void> {
  const db = drizzle(d1);

  await db
    .insert(categories)
    .values(SEED_CATEGORIES.map((name, sortOrder) => ({ name, sortOrder })))
    .onConflictDoNothing();
  await db
    .insert(publishers)
    .values(
      SEED_PUBLISHERS.map(({ slug, name, about }) => ({
        name,
        about,
        icon: `/publishers/${slug}-icon.svg`,
        banner: `/publishers/${slug}-banner.svg`,
      })),
    )
    .onConflictDoNothing();

  const categoryIds = new Map(
    (await db.select().from(categories)).map((row) => [row.name, row.id]),
  );
  const publisherIds = new Map(
    (await db.select().from(publishers)).map((row) => [row.name, row.id]),
  );
  const publisherName = (slug: string) =>
    SEED_PUBLISHERS.find((p) => p.slug === slug)!.name;

  // The real catalogue replaces the placeholder rows of earlier databases.
  await db.delete(games).where(eq(games.isPlaceholder, true));
  // One statement per row: D1 binds at most 100 parameters per query.
  const [firstGame, ...otherGames] = CATALOGUE.map(({ slug, meta }) => {
    const row = {
      name: meta.name,
      categoryId: categoryIds.get(meta.category)!,
      publisherId: publisherIds.get(publisherName(meta.publisher))!,
      description: sanitizeHtml(meta.description),
      howToPlay: sanitizeHtml(meta.how_to_play),
      icon: `/games/${slug}/icon.svg`,
      video: promoVideo(slug),
      poster: promoPoster(slug),
      gameModes: gameModesToMask(meta.game_modes as GameMode[]),
      leaderboardType: meta.leaderboard_type,
      maximumGameTime: meta.maximum_game_time,
      maxScoreRate: meta.max_score_rate ?? null,
      isPlaceholder: false,
    };
    return db
      .insert(games)
      .values({ slug, ...row })
      .onConflictDoUpdate({ target: games.slug, set: row });
  });
  await db.batch([firstGame, ...otherGames]);

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
