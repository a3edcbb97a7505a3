import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { imageSize } from "../../workers/cards/image-size";
import { createServices } from "../../workers/context";
import { forgetCatalogue } from "../../workers/services/games";
import { forgetCachedPages } from "../../workers/page-cache";
import { BASE, newPlayer, request, seed } from "./helpers";

/**
 * Issue #33: a developer's game, outside the catalogue the build draws cards for, gets its share card drawn from its
 * icon, name and category on the first request, kept in R2, at an address that changes when they change.
 */

let gameId: number;

beforeAll(async () => {
  await seed();
  const developer = await newPlayer("Card Maker");
  const developers = createServices(env).developers;
  const publisher = await developers.createPublisher(developer.userId, {
    name: `Card Studio ${developer.userId}`,
    about: "",
    icon: "/favicon.svg",
    banner: "/favicon.svg",
  });
  const version = await developers.createGame(
    developer.userId,
    publisher.id,
    {
      name: "Paper Lanterns",
      description: "",
      howToPlay: "",
      categoryId: 1,
      orientation: "any",
      timed: false,
      maximumGameTime: 120,
      sendsScores: false,
      leaderboardType: 1,
      icon: null,
      video: null,
    },
    { kind: "link", link: "https://games.example/lanterns/" },
  );
  gameId = version.gameId;
  // Submitted by its developer, then approved by a moderator: live.
  const moderator = await newPlayer("Card Moderator");
  await env.DB.prepare("update users set role = 'moderator' where id = ?")
    .bind(moderator.userId)
    .run();
  await env.DB.prepare(
    "update game_versions set status = 'submitted', submitted_at = ? where id = ?",
  )
    .bind(Date.now(), version.id)
    .run();
  await createServices(env).review.approve(moderator.userId, version.id);
});

/** A change to the game as a new approved version makes it. */
async function changeGame(column: "name" | "is_published", value: unknown) {
  await env.DB.prepare(`update games set ${column} = ? where id = ?`)
    .bind(value, gameId)
    .run();
  // As review.ts does on every change: the isolate's catalogue copy and the edge-cached page.
  forgetCatalogue();
  await forgetCachedPages([`${BASE}/detail/${gameId}`]);
}

async function ogImage(): Promise<string> {
  const html = await (
    await request(`/detail/${gameId}`, { headers: { Accept: "text/html" } })
  ).text();
  const [, content] =
    /<meta property="og:image" content="([^"]*)"/.exec(html) ?? [];
  return new URL(content).pathname;
}

async function expectCardPng(path: string) {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/png");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(imageSize(bytes)).toEqual({ kind: "png", width: 1200, height: 630 });
  return bytes;
}

describe("a developer's game's share card", () => {
  it("is drawn on its first request, kept, and moves when the game's name changes", async () => {
    const path = await ogImage();
    expect(path).toMatch(
      new RegExp(`^/cards/developer-games/${gameId}-[0-9a-z]+\\.png$`),
    );
    const key = path.slice(1);
    expect(await env.MEDIA.head(key)).toBeNull();
    const bytes = await expectCardPng(path);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    expect(await expectCardPng(path)).toEqual(bytes);

    await changeGame("name", "Paper Lanterns Deluxe");
    const renamed = await ogImage();
    expect(renamed).not.toBe(path);
    const stale = await request(path, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(renamed);
    await stale.arrayBuffer();
    expect(await expectCardPng(renamed)).not.toEqual(bytes);
  }, 60_000);

  it("is not found for an unpublished game, an unknown one or a malformed name", async () => {
    const path = await ogImage();
    await changeGame("is_published", 0);
    try {
      for (const missing of [
        path,
        "/cards/developer-games/999999999-abc.png",
        "/cards/developer-games/not-a-card.png",
      ]) {
        const response = await request(missing);
        expect(response.status, missing).toBe(404);
        await response.arrayBuffer();
      }
    } finally {
      await changeGame("is_published", 1);
    }
  });
});
