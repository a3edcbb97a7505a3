import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleAddress, type VersionMeta } from "#contract/developers";
import type { Game } from "#contract/types";
import { createServices } from "../../workers/context";
import {
  BASE,
  getJson,
  newPlayer,
  seed,
  type Player,
  openPage,
  postForm,
} from "./helpers";

// Issue #33, review and publishing (ADR 041): through the moderation pages' actions and the review service, on the
// real D1. A version is submitted by setting its row as the developer pages' Submit would: that is part 2's door.

const services = () => createServices(env);
const unique = () => crypto.randomUUID().slice(0, 6);

let moderator: Player;
let developer: Player;
let stranger: Player;
let publisherId: number;
let categoryId: number;

const meta = (name: string): VersionMeta => ({
  name,
  description: "Stack the blocks as high as you can.",
  howToPlay: "Tap to drop a block.",
  categoryId,
  orientation: "portrait",
  timed: true,
  maximumGameTime: 90,
  sendsScores: true,
  leaderboardType: 1,
  icon: null,
  video: null,
});

const link = (name: string) => ({
  kind: "link" as const,
  link: `https://games.example.com/${name}/`,
});

async function submit(versionId: number) {
  await env.DB.prepare(
    "update game_versions set status = 'submitted', submitted_at = ? where id = ?",
  )
    .bind(Date.now(), versionId)
    .run();
}

/** A new game of the developer's publisher with its first version submitted. */
async function submittedGame(name = `Review Me ${unique()}`) {
  const version = await services().developers.createGame(
    developer.userId,
    publisherId,
    meta(name),
    link(name.toLowerCase().replace(/\W+/g, "-")),
  );
  await submit(version.id);
  return { versionId: version.id, gameId: version.gameId, name };
}

const gameRow = (id: number) =>
  env.DB.prepare(
    "select name, type, external_link, bundle_path, is_published, maximum_game_time from games where id = ?",
  )
    .bind(id)
    .first<{
      name: string;
      type: number;
      external_link: string | null;
      bundle_path: string | null;
      is_published: number;
      maximum_game_time: number;
    }>();

const versionRow = (id: number) =>
  env.DB.prepare(
    "select status, review_reason, reviewed_by from game_versions where id = ?",
  )
    .bind(id)
    .first<{
      status: string;
      review_reason: string | null;
      reviewed_by: number | null;
    }>();

/** A page form's post, as the browser sends it (same origin), signed in as `who`. */
const post = postForm;

const page = openPage;

async function publishedIds(): Promise<number[]> {
  const { body } = await getJson<Game[]>("/api/game/published");
  return body.map((game) => game._id);
}

async function expectRefused(call: Promise<unknown>, status: number) {
  await expect(call).rejects.toMatchObject({ status });
}

beforeAll(async () => {
  await seed();
  [moderator, developer, stranger] = await Promise.all([
    newPlayer("Mona Moderator"),
    newPlayer("Dev Eloper"),
    newPlayer("Stan Ranger"),
  ]);
  await env.DB.prepare("update users set role = 'moderator' where id = ?")
    .bind(moderator.userId)
    .run();
  const publisher = await services().developers.createPublisher(
    developer.userId,
    {
      name: `Review Studio ${unique()}`,
      about: "",
      icon: "/favicon.svg",
      banner: "/favicon.svg",
    },
  );
  publisherId = publisher.id;
  categoryId = (await env.DB.prepare(
    "select id from categories order by sort_order limit 1",
  ).first<number>("id"))!;
});

describe("approving a version", () => {
  it("publishes the game with the version's meta and link through the review page, back to the queue with a message", async () => {
    const { versionId, gameId, name } = await submittedGame();
    expect(await publishedIds()).not.toContain(gameId);

    const queue = await page("/moderation", moderator);
    expect(queue.status).toBe(200);
    const queueHtml = await queue.text();
    expect(queueHtml).toContain(`/moderation/versions/${versionId}`);
    expect(queueHtml).toContain(name);

    const answer = await post(
      `/moderation/versions/${versionId}`,
      { decision: "approve" },
      moderator,
    );
    expect(answer.status).toBe(303);
    const back = answer.headers.get("Location")!;
    expect(back).toBe(`/moderation?decided=approve&version=${versionId}`);
    expect(await (await page(back, moderator)).text()).toContain(
      `${name} is approved and published`,
    );

    expect(await gameRow(gameId)).toMatchObject({
      name,
      type: 2,
      external_link: link(name.toLowerCase().replace(/\W+/g, "-")).link,
      bundle_path: null,
      is_published: 1,
      maximum_game_time: 90,
    });
    expect(await versionRow(versionId)).toMatchObject({
      status: "approved",
      reviewed_by: moderator.userId,
    });

    // Everywhere a player finds games, at once: the API, a visitor's home (the isolate's copy), the sitemap, the
    // detail page and the publisher's page.
    expect(await publishedIds()).toContain(gameId);
    expect(await (await page("/")).text()).toContain(name);
    expect(await (await page("/home")).text()).toContain(name);
    const detail = await (await page(`/detail/${gameId}`)).text();
    expect(detail).toContain(name);
    // Its share card is drawn at run time, not one of the build-time catalogue's (ADR 041).
    expect(detail).toMatch(
      new RegExp(
        `<meta property="og:image" content="[^"]*/cards/developer-games/${gameId}-[0-9a-z]+\\.png"`,
      ),
    );
    expect(detail).not.toContain("/cards/games/");
    expect(await (await page(`/publisher/${publisherId}`)).text()).toContain(
      name,
    );
    expect(await (await page("/sitemap.xml")).text()).toContain(
      `${BASE}/detail/${gameId}`,
    );
    const queueAfter = await (await page("/moderation", moderator)).text();
    expect(queueAfter).not.toContain(`/moderation/versions/${versionId}`);
  });

  it("replaces the live version with a later one, which was reviewed while the first stayed live", async () => {
    const first = await submittedGame();
    await services().review.approve(moderator.userId, first.versionId);
    const renamed = `${first.name} Deluxe`;
    const second = await services().developers.createVersion(
      developer.userId,
      first.gameId,
      { ...meta(renamed), maximumGameTime: 120 },
      link(`deluxe-${unique()}`),
    );
    await submit(second.id);
    const [item] = (await services().review.queue(moderator.userId)).filter(
      (queued) => queued.versionId === second.id,
    );
    expect(item).toMatchObject({ isUpdate: true, name: renamed });
    // Under review, the first version is still what players get.
    expect((await gameRow(first.gameId))!.name).toBe(first.name);

    await services().review.approve(moderator.userId, second.id);
    expect((await versionRow(first.versionId))!.status).toBe("replaced");
    expect((await versionRow(second.id))!.status).toBe("approved");
    expect(await gameRow(first.gameId)).toMatchObject({
      name: renamed,
      maximum_game_time: 120,
      is_published: 1,
    });
  });

  it("plays an uploaded game from its document on the games origin", async () => {
    const { gameId } = await submittedGame();
    const upload = await services().developers.createVersion(
      developer.userId,
      gameId,
      meta(`Uploaded ${unique()}`),
      {
        kind: "upload",
        store: (id) =>
          Promise.resolve({
            bundlePath: `/v/${id}/index.html`,
            files: 3,
            bytes: 2048,
          }),
      },
    );
    await submit(upload.id);
    await services().review.approve(moderator.userId, upload.id);
    expect(await gameRow(gameId)).toMatchObject({
      type: 0,
      external_link: null,
      bundle_path: `/v/${upload.id}/index.html`,
    });
    const address = bundleAddress(
      env.GAMES_ORIGIN,
      `/v/${upload.id}/index.html`,
    );
    const { body } = await getJson<Game[]>("/api/game/published");
    expect(body.find((game) => game._id === gameId)?.bundle_url).toBe(address);
    const play = await page(`/play/${gameId}`, developer);
    expect(play.status).toBe(200);
    expect(await play.text()).toContain(address);
  });

  it("applies once: a repeated or racing approval, and an approval after a rejection, are refused", async () => {
    const { versionId } = await submittedGame();
    const racing = await Promise.allSettled([
      services().review.approve(moderator.userId, versionId),
      services().review.approve(moderator.userId, versionId),
    ]);
    expect(racing.filter((one) => one.status === "fulfilled")).toHaveLength(1);
    await expectRefused(
      services().review.approve(moderator.userId, versionId),
      409,
    );
    await expectRefused(
      services().review.reject(moderator.userId, versionId, "Too late now"),
      409,
    );

    const rejected = await submittedGame();
    await services().review.reject(
      moderator.userId,
      rejected.versionId,
      "It crashes",
    );
    await expectRefused(
      services().review.approve(moderator.userId, rejected.versionId),
      409,
    );
    expect((await gameRow(rejected.gameId))!.is_published).toBe(0);
  });
});

describe("rejecting a version", () => {
  it("asks for a reason of 5 to 500 characters, then stores it for the developer", async () => {
    const { versionId, gameId, name } = await submittedGame();
    const tooShort = await post(
      `/moderation/versions/${versionId}`,
      { decision: "reject", reason: "bad" },
      moderator,
    );
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain(
      "Please say why, in 5 to 500 characters, so the developer can fix it",
    );
    expect((await versionRow(versionId))!.status).toBe("submitted");

    const reason = "The game never says it finished loading.";
    const answer = await post(
      `/moderation/versions/${versionId}`,
      { decision: "reject", reason },
      moderator,
    );
    expect(answer.status).toBe(303);
    expect(
      await (await page(answer.headers.get("Location")!, moderator)).text(),
    ).toContain(`${name} is rejected`);
    expect(await versionRow(versionId)).toMatchObject({
      status: "rejected",
      review_reason: reason,
      reviewed_by: moderator.userId,
    });
    expect((await gameRow(gameId))!.is_published).toBe(0);
  });
});

describe("unpublishing and republishing", () => {
  it("hides a live game from the catalogue and its pages, and shows it again, for its developer", async () => {
    const { versionId, gameId, name } = await submittedGame();
    await services().review.approve(moderator.userId, versionId);
    expect(await (await page("/")).text()).toContain(name);

    await services().review.unpublish(developer.userId, gameId);
    expect(await publishedIds()).not.toContain(gameId);
    expect(await (await page("/")).text()).not.toContain(name);
    expect((await page(`/detail/${gameId}`)).status).toBe(404);
    expect((await page(`/detail/${gameId}`, stranger)).status).toBe(404);
    expect((await page(`/play/${gameId}`, stranger)).status).toBe(404);
    expect(await (await page("/sitemap.xml")).text()).not.toContain(
      `/detail/${gameId}<`,
    );
    // Its approved version stays approved, ready to be shown again.
    expect((await versionRow(versionId))!.status).toBe("approved");

    await services().review.republish(developer.userId, gameId);
    expect(await publishedIds()).toContain(gameId);
    expect((await page(`/detail/${gameId}`)).status).toBe(200);
  });

  it("lets a moderator do it from the review page, and refuses to republish a game that was never approved", async () => {
    const { versionId, gameId } = await submittedGame();
    await services().review.approve(moderator.userId, versionId);
    const hidden = await post(
      `/moderation/versions/${versionId}`,
      { decision: "unpublish" },
      moderator,
    );
    expect(hidden.status).toBe(200);
    expect(await hidden.text()).toContain("The game is unpublished");
    expect((await gameRow(gameId))!.is_published).toBe(0);
    const shown = await post(
      `/moderation/versions/${versionId}`,
      { decision: "republish" },
      moderator,
    );
    expect(shown.status).toBe(200);
    expect((await gameRow(gameId))!.is_published).toBe(1);

    const never = await submittedGame();
    await expectRefused(
      services().review.republish(developer.userId, never.gameId),
      409,
    );
  });
});

describe("who may review", () => {
  it("gives a signed-in player who is not a moderator the 404 page on every moderation route, and sends a visitor to log in", async () => {
    const { versionId } = await submittedGame();
    for (const who of [stranger, developer]) {
      expect((await page("/moderation", who)).status).toBe(404);
      expect(
        (await page(`/moderation/versions/${versionId}`, who)).status,
      ).toBe(404);
      for (const decision of ["approve", "unpublish", "republish"]) {
        const answer = await post(
          `/moderation/versions/${versionId}`,
          { decision },
          who,
        );
        expect(answer.status, `${decision} by ${who.name}`).toBe(404);
      }
      const reject = await post(
        `/moderation/versions/${versionId}`,
        { decision: "reject", reason: "Not allowed to say" },
        who,
      );
      expect(reject.status).toBe(404);
    }
    const visitor = await page("/moderation");
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toBe(
      "/login?redirectTo=%2Fmoderation",
    );
    expect(
      (await post(`/moderation/versions/${versionId}`, { decision: "approve" }))
        .status,
    ).toBe(303);
    expect((await versionRow(versionId))!.status).toBe("submitted");
  });

  it("refuses every review call of anyone but a moderator, and lets a developer hide only their own game", async () => {
    const { versionId, gameId } = await submittedGame();
    const review = services().review;
    for (const who of [stranger, developer]) {
      await expectRefused(review.queue(who.userId), 403);
      await expectRefused(review.version(who.userId, versionId), 403);
      await expectRefused(review.approve(who.userId, versionId), 403);
      await expectRefused(
        review.reject(who.userId, versionId, "Nope nope"),
        403,
      );
    }
    await review.approve(moderator.userId, versionId);
    await expectRefused(review.unpublish(stranger.userId, gameId), 403);
    await expectRefused(review.republish(stranger.userId, gameId), 403);
    expect((await gameRow(gameId))!.is_published).toBe(1);
    await expectRefused(review.approve(moderator.userId, 999_999_999), 404);
    await expectRefused(review.unpublish(moderator.userId, 999_999_999), 404);
  });
});
