import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { hashPassword } from "../services/password";
import { GAME_MODES } from "./schema";
import { categories, games, publishers, users } from "./schema";

/** Demo data for a local database. Every insert skips rows that exist, so running it twice changes nothing. */

export const DEMO_ACCOUNTS = [
  { email: "writer@playfeed.local", password: "Writer@2026", name: "Maya Fields", firstName: "Maya", canWrite: true, gender: "female", phoneNumber: "9876543210", address: "12 Harbour Road, Lisbon" },
  { email: "ava@playfeed.local", password: "Player@2026", name: "Ava Stone", firstName: "Ava", canWrite: false, gender: "female", phoneNumber: "9123456780", address: "4 Elm Street, Leeds" },
  { email: "ben@playfeed.local", password: "Player@2026", name: "Ben Carter", firstName: "Ben", canWrite: false, gender: "male", phoneNumber: "8123456790", address: "77 Park Lane, Austin" },
] as const;

export const SEED_CATEGORIES = ["Arcade", "Puzzle", "Action", "Casual"] as const;

export const SEED_PUBLISHERS = [
  { slug: "pixel-harbor", name: "Pixel Harbor", about: "Pixel Harbor is a two-person studio by the sea that makes bright, fast arcade games you can finish on a bus ride. We love tight controls, clean colours and high-score chases." },
  { slug: "lantern-games", name: "Lantern Games", about: "Lantern Games builds calm puzzle games with a twist: short sessions, no timers unless you want them, and levels that get just a little harder every time." },
  { slug: "tiny-orbit", name: "Tiny Orbit", about: "Tiny Orbit makes playful casual games for every screen. Our games load in a blink, play with one thumb and are made to be shared with friends." },
] as const;

const ALL_MODES = GAME_MODES.single | GAME_MODES.multiplayer | GAME_MODES.scored;

// Stand-ins until the real catalogue lands: named and flagged as placeholders so nobody mistakes them for games.
export const PLACEHOLDER_GAMES = [
  { slug: "placeholder-arcade-1", name: "Arcade Preview 1", category: "Arcade", publisher: "pixel-harbor", leaderboardType: 1 },
  { slug: "placeholder-arcade-2", name: "Arcade Preview 2", category: "Arcade", publisher: "pixel-harbor", leaderboardType: 1 },
  { slug: "placeholder-puzzle-1", name: "Puzzle Preview 1", category: "Puzzle", publisher: "lantern-games", leaderboardType: 2 },
  { slug: "placeholder-puzzle-2", name: "Puzzle Preview 2", category: "Puzzle", publisher: "lantern-games", leaderboardType: 2 },
  { slug: "placeholder-action-1", name: "Action Preview 1", category: "Action", publisher: "pixel-harbor", leaderboardType: 1 },
  { slug: "placeholder-action-2", name: "Action Preview 2", category: "Action", publisher: "tiny-orbit", leaderboardType: 1 },
  { slug: "placeholder-casual-1", name: "Casual Preview 1", category: "Casual", publisher: "tiny-orbit", leaderboardType: 1 },
  { slug: "placeholder-casual-2", name: "Casual Preview 2", category: "Casual", publisher: "tiny-orbit", leaderboardType: 1 },
] as const;

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

  const categoryIds = new Map((await db.select().from(categories)).map((row) => [row.name, row.id]));
  const publisherIds = new Map((await db.select().from(publishers)).map((row) => [row.name, row.id]));
  const publisherName = (slug: string) => SEED_PUBLISHERS.find((p) => p.slug === slug)!.name;

  // One statement per row: D1 binds at most 100 parameters per query.
  const [firstGame, ...otherGames] = PLACEHOLDER_GAMES.map((game) =>
    db
      .insert(games)
      .values({
        slug: game.slug,
        name: game.name,
        categoryId: categoryIds.get(game.category)!,
        publisherId: publisherIds.get(publisherName(game.publisher))!,
        description: `<p>A placeholder for an upcoming ${game.category} game. The real game arrives with the catalogue.</p>`,
        howToPlay: "<p>Tap or press the arrow keys to play.</p>",
        icon: `/placeholders/${game.category.toLowerCase()}.svg`,
        gameModes: ALL_MODES,
        leaderboardType: game.leaderboardType,
        isPlaceholder: true,
      })
      .onConflictDoNothing(),
  );
  await db.batch([firstGame, ...otherGames]);

  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1);
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
}
