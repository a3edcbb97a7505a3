import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { VersionMeta } from "#contract/developers";
import { createDb } from "../../workers/db/client";
import { categories, gameVersions, users } from "../../workers/db/schema";
import { createDeveloperService } from "../../workers/services/developers";
import { newPlayer, request, seed, type Player } from "./helpers";

/**
 * Issue #33: /developer/versions/:id/play, where a version is played privately beside the SDK inspector, is for the
 * version's developers and the moderators only: a visitor is sent to log in, any other player finds nothing there.
 */

const LINK = "https://games.example/inspected/";
let developer: Player;
let stranger: Player;
let moderator: Player;
let linkVersion: number;
let uploadVersion: number;

const page = (id: number | string, player?: Player) =>
  request(`/developer/versions/${id}/play`, {
    redirect: "manual",
    headers: player ? { Cookie: `pf_session=${player.token}` } : {},
  });

beforeAll(async () => {
  await seed();
  [developer, stranger, moderator] = await Promise.all([
    newPlayer("Dana Dev"),
    newPlayer("Sam Stranger"),
    newPlayer("Mo Moderator"),
  ]);
  const db = createDb(env.DB);
  await db
    .update(users)
    .set({ role: "moderator" })
    .where(eq(users.id, moderator.userId))
    .run();
  const category = await db
    .select({ id: categories.id })
    .from(categories)
    .get();
  const meta: VersionMeta = {
    name: "Inspected Game",
    description: "",
    howToPlay: "",
    categoryId: category!.id,
    orientation: "any",
    timed: true,
    maximumGameTime: 60,
    sendsScores: true,
    leaderboardType: 1,
    icon: null,
    video: null,
  };
  const developers = createDeveloperService(db);
  const publisher = await developers.createPublisher(developer.userId, {
    name: `Inspector Studio ${crypto.randomUUID().slice(0, 6)}`,
    about: "",
    icon: "",
    banner: "",
  });
  const version = await developers.createGame(
    developer.userId,
    publisher.id,
    meta,
    { kind: "link", link: LINK },
  );
  linkVersion = version.id;
  // An upload whose files part 1's bundles service stored: only its row matters here.
  const [upload] = await db
    .insert(gameVersions)
    .values({
      gameId: version.gameId,
      publisherId: publisher.id,
      createdBy: developer.userId,
      kind: "upload",
      bundlePath: "/v/77/index.html",
      meta,
    })
    .returning()
    .all();
  uploadVersion = upload.id;
});

describe("/developer/versions/:id/play", () => {
  it("sends a visitor to log in, and back here after", async () => {
    const response = await page(linkVersion);
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/developer/versions/${linkVersion}/play`)}`,
    );
  });

  it("is not found for a signed-in player who is neither a developer of the game nor a moderator", async () => {
    const response = await page(linkVersion, stranger);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(LINK);
  });

  it("is not found for a version that does not exist or an id that is none", async () => {
    expect((await page(999_999, developer)).status).toBe(404);
    expect((await page("abc", developer)).status).toBe(404);
  });

  it("plays a link version from its own address for its developer, with the way back to the game", async () => {
    const response = await page(linkVersion, developer);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(LINK);
    expect(html).toContain("Checklist");
    expect(html).toMatch(/href="\/developer\/games\/\d+"/);
  });

  it("plays an upload from the games origin, never the app's, and lets a moderator in with the way back to the review", async () => {
    const response = await page(uploadVersion, moderator);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(new URL("/v/77/index.html", env.GAMES_ORIGIN).href);
    expect(html).toContain(`href="/moderation/versions/${uploadVersion}"`);
  });
});
