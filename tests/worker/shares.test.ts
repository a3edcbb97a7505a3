import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoundResult } from "#contract/scores";
import type { ScoreShare } from "#contract/shares";
import type { ApiErrorBody } from "#contract/types";
import { imageSize } from "../../workers/cards/image-size";
import { createDb } from "../../workers/db/client";
import { createMultiplayerService } from "../../workers/services/multiplayer";
import { RATE_LIMITS } from "../../workers/services/rate-limits";
import { shareCardKey } from "../../workers/services/shares";
import {
  externalGame,
  gameId,
  getJson,
  json,
  newPlayer,
  openPlaySession,
  request,
  roundBody,
  seed,
  type Player,
} from "./helpers";

beforeAll(seed);

/** A round of `slug` scoring `score`, accepted (and, for our games, replayed) by the server; its score's id. */
async function round(player: Player, slug: string, score: number) {
  const session = await openPlaySession(player, await gameId(slug));
  const { status, body } = await getJson<RoundResult>(
    "/api/scores",
    json("POST", await roundBody(player, session, score), player.token),
  );
  expect(status, JSON.stringify(body)).toBe(201);
  return body._id;
}

const share = (player: Player | null, body: unknown) =>
  getJson<ScoreShare & ApiErrorBody>(
    "/api/shares",
    json("POST", body, player?.token),
  );

/** What a browser or crawler gets for an address: a static file if there is one, else the Worker's answer. */
async function fetchLikeTheEdge(url: string): Promise<Response> {
  const path = new URL(url).pathname;
  const file = await env.ASSETS.fetch(
    new Request(`https://playfeed.test${path}`),
  );
  if (file.status !== 404) return file;
  await file.arrayBuffer();
  return request(path);
}

/** The page's Open Graph and X card tags, by property or name. */
async function cardTags(path: string): Promise<Map<string, string>> {
  const response = await request(path, { headers: { Accept: "text/html" } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const tags = new Map<string, string>();
  for (const [, key, content] of html.matchAll(
    /<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g,
  ))
    tags.set(key, content.replaceAll("&amp;", "&"));
  return tags;
}

/** The og:image of `path`: absolute, said to be 1200×630, and when fetched a PNG or JPEG of exactly that size. */
async function expectCard(path: string) {
  const tags = await cardTags(path);
  const image = tags.get("og:image");
  expect(image, `${path} og:image`).toMatch(/^https:\/\/playfeed\.test\//);
  expect(tags.get("og:image:width")).toBe("1200");
  expect(tags.get("og:image:height")).toBe("630");
  expect(tags.get("og:image:alt")?.length ?? 0).toBeGreaterThan(10);
  expect(tags.get("twitter:card")).toBe("summary_large_image");
  expect(tags.get("twitter:image")).toBe(image);
  const response = await fetchLikeTheEdge(image!);
  expect(response.status, image).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const size = imageSize(bytes);
  expect(size, image).not.toBeNull();
  expect(["png", "jpeg"]).toContain(size!.kind);
  expect(response.headers.get("Content-Type")).toBe(`image/${size!.kind}`);
  expect({ width: size!.width, height: size!.height }).toEqual({
    width: 1200,
    height: 630,
  });
  return { tags, bytes };
}

describe("share cards", () => {
  it("a game page's og:image is its 1200×630 card, made at build time", async () => {
    const { tags } = await expectCard(`/detail/${await gameId("snake")}`);
    expect(tags.get("og:image")).toBe(
      "https://playfeed.test/cards/games/snake.png",
    );
    expect(tags.get("og:image:alt")).toContain("Neon Snake");
  });

  it("a blog post's og:image is its 1200×630 card, drawn on its first request", async () => {
    const { tags } = await expectCard("/blog/welcome-to-playfeed");
    expect(tags.get("og:image")).toMatch(
      /^https:\/\/playfeed\.test\/cards\/posts\/[1-9]\d*-[0-9a-z]+\.png$/,
    );
    expect(tags.get("og:image:alt")).toBe(
      "Welcome to Playfeed: twelve games, one thumb",
    );
  }, 60_000);

  it.each(["/", "/blog", "/home-page"])(
    "%s has the site's 1200×630 card",
    async (path) => {
      await expectCard(path);
    },
  );

  it("a shared score's page has a 1200×630 card of the game, the player and the score, drawn once and kept", async () => {
    const player = await newPlayer("Card Carla");
    const scoreId = await round(player, "snake", 7);
    const created = await share(player, { score_id: scoreId });
    expect(created.status).toBe(201);
    const path = new URL(created.body.url).pathname;
    expect(path).toBe(`/scores/${created.body.id}`);
    const { tags, bytes } = await expectCard(path);
    expect(tags.get("og:image")).toBe(created.body.card_url);
    expect(tags.get("og:title")).toBe("Card Carla scored 7 on Neon Snake");
    expect(tags.get("og:image:alt")).toContain("Card Carla");
    // Kept in R2 after the first request; the next request answers the same bytes.
    const kept = await env.MEDIA.get(shareCardKey(created.body.id));
    expect(kept).not.toBeNull();
    expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(bytes);
    const again = await request(new URL(created.body.card_url).pathname);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    // Drawing compiles the renderer on first use, a few seconds on a busy test machine.
  }, 60_000);

  it("answers 404 for a card or page of a share that does not exist", async () => {
    for (const path of [
      "/cards/scores/AAAAAAAAAAAA.png",
      "/cards/scores/not-an-id.png",
      "/scores/AAAAAAAAAAAA",
      "/scores/x",
    ]) {
      const response = await request(path, {
        headers: { Accept: "text/html" },
      });
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe("POST /api/shares", () => {
  let owner: Player;
  let other: Player;
  let scoreId: number;

  beforeAll(async () => {
    owner = await newPlayer("Share Owner");
    other = await newPlayer("Share Other");
    scoreId = await round(owner, "tower-stack", 3);
  });

  it("lets the player share their verified round, and sharing it again gives the same link", async () => {
    const first = await share(owner, { score_id: scoreId });
    expect(first.status).toBe(201);
    expect(first.body.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(first.body).toEqual({
      id: first.body.id,
      url: `https://playfeed.test/scores/${first.body.id}`,
      card_url: `https://playfeed.test/cards/scores/${first.body.id}.png`,
      created: true,
    });
    const second = await share(owner, { score_id: scoreId });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, created: false });
    const rows = await env.DB.prepare(
      "select count(*) as count from score_shares where score_id = ?",
    )
      .bind(scoreId)
      .first<number>("count");
    expect(rows).toBe(1);
  });

  it("refuses another player's score (403), an unknown one (404) and a visitor (401)", async () => {
    expect((await share(other, { score_id: scoreId })).status).toBe(403);
    expect((await share(owner, { score_id: 999_999_999 })).status).toBe(404);
    expect((await share(null, { score_id: scoreId })).status).toBe(401);
  });

  it.each([
    ["a string id", { score_id: String(1) }],
    ["a negative id", { score_id: -3 }],
    ["a fraction", { score_id: 1.5 }],
    ["both kinds", { score_id: 1, match_id: 1 }],
    ["neither", {}],
    ["a list", [1]],
  ])("answers 400 for %s", async (_, body) => {
    const { status, body: answer } = await share(owner, body);
    expect(status).toBe(400);
    expect(answer.error.message.length).toBeGreaterThan(5);
  });

  it("refuses a score the server could not verify, from a game on another site (422)", async () => {
    const game = await externalGame("share-check");
    const session = await openPlaySession(owner, game);
    const submitted = await getJson<RoundResult>(
      "/api/scores",
      json("POST", await roundBody(owner, session, 40), owner.token),
    );
    expect(submitted.status).toBe(201);
    const refused = await share(owner, { score_id: submitted.body._id });
    expect(refused.status).toBe(422);
  });

  it("limits how many new results a player shares in an hour (429), while a result shared before still answers", async () => {
    const player = await newPlayer("Share Flood");
    const first = await round(player, "snake", 2);
    const second = await round(player, "snake", 3);
    expect((await share(player, { score_id: first })).status).toBe(201);
    // The hour's allowance used up, as thirty shares would have.
    await env.DB.prepare("update rate_limits set count = ? where key = ?")
      .bind(RATE_LIMITS.sharePerUser.limit, `sharePerUser:${player.userId}`)
      .run();
    const refused = await share(player, { score_id: second });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await share(player, { score_id: first })).status).toBe(200);
  });

  it("lets each player of a match share their side, once, and nobody else", async () => {
    const rival = await newPlayer("Share Rival");
    const game = await gameId("snake");
    const matchId = await createMultiplayerService(
      createDb(env.DB),
      env.MEDIA,
    ).saveRoomResult({
      roomId: crypto.randomUUID(),
      gameId: game,
      players: [
        { userId: owner.userId, score: 12 },
        { userId: rival.userId, score: 9 },
      ],
      status: 1,
      leftUserId: null,
    });
    const mine = await share(owner, { match_id: matchId });
    const theirs = await share(rival, { match_id: matchId });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(mine.body.id).not.toBe(theirs.body.id);
    expect((await share(owner, { match_id: matchId })).body.id).toBe(
      mine.body.id,
    );
    expect((await share(other, { match_id: matchId })).status).toBe(403);
    const page = await cardTags(`/scores/${mine.body.id}`);
    expect(page.get("og:title")).toBe(
      "Share Owner beat Share Rival 12 to 9 on Neon Snake",
    );
  });
});

describe("the Share my score form (/actions/share)", () => {
  /** A post without JavaScript goes to the route's address; a fetcher's goes to its `.data` address. */
  const formPost = (
    player: Player,
    fields: Record<string, string>,
    path = "/actions/share.data",
  ) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return request(path, {
      method: "POST",
      body,
      redirect: "manual",
      // Remix compares Origin with Host before it runs a page's action.
      headers: {
        Origin: "https://playfeed.test",
        Host: "playfeed.test",
        Cookie: `pf_session=${player.token}`,
      },
    });
  };

  it("makes the same share as the API, and without JavaScript goes to the shared page", async () => {
    const player = await newPlayer("Form Fern");
    const scoreId = await round(player, "snake", 4);
    // A post without JavaScript carries the page to come back to: it goes to the new share's page instead.
    const plain = await formPost(
      player,
      { score_id: String(scoreId), redirectTo: "/result/1" },
      "/actions/share",
    );
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toMatch(
      /^\/scores\/[A-Za-z0-9]{12}$/,
    );
    await plain.arrayBuffer();
    const viaApi = await share(player, { score_id: scoreId });
    expect(viaApi.status).toBe(200);
    expect(plain.headers.get("Location")).toBe(`/scores/${viaApi.body.id}`);
    // Someone else's score through the form: refused, and nothing shared.
    const other = await newPlayer("Form Foe");
    const refused = await formPost(other, { score_id: String(scoreId) });
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
    const bad = await formPost(player, { score_id: "12abc" });
    expect(bad.status).toBe(400);
    await bad.arrayBuffer();
  });
});
