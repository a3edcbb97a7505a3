import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { VersionMeta } from "#contract/developers";
import { createServices } from "../../workers/context";
import { ApiError } from "../../workers/services/errors";
import { newPlayer, seed, type Player } from "./helpers";

beforeAll(seed);

const services = () => createServices(env).developers;

const meta = (overrides: Partial<VersionMeta> = {}): VersionMeta => ({
  name: "Lantern Hop",
  description: "Hop between lanterns.",
  howToPlay: "Tap to hop.",
  categoryId: 1,
  orientation: "portrait",
  timed: true,
  maximumGameTime: 60,
  sendsScores: true,
  leaderboardType: 1,
  icon: null,
  video: null,
  ...overrides,
});

const link = { kind: "link", link: "https://games.example/lantern/" } as const;

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

async function emailOf(player: Player): Promise<string> {
  const row = await env.DB.prepare("select email from users where id = ?")
    .bind(player.userId)
    .first<{ email: string }>();
  return row!.email;
}

describe("developers and their publishers", () => {
  it("makes the creator of a publisher its developer, and nobody else", async () => {
    const [dev, other] = await Promise.all([
      newPlayer("Dev One"),
      newPlayer("Not Dev"),
    ]);
    const publisher = await services().createPublisher(dev.userId, {
      name: `Studio ${dev.userId}`,
      about: "Small games.",
      icon: "/favicon.svg",
      banner: "/favicon.svg",
    });
    expect(await services().isMember(dev.userId, publisher.id)).toBe(true);
    expect(await services().isMember(other.userId, publisher.id)).toBe(false);
    expect(
      (await services().publishersOf(dev.userId)).map(({ id }) => id),
    ).toEqual([publisher.id]);
    expect(
      await statusOf(services().publisherFor(other.userId, publisher.id)),
    ).toBe(403);
    expect(await statusOf(services().publisherFor(dev.userId, 999_999))).toBe(
      404,
    );
    // A second publisher of the same name is refused with the field named.
    expect(
      await statusOf(
        services().createPublisher(other.userId, {
          name: `Studio ${dev.userId}`,
          about: "",
          icon: "/favicon.svg",
          banner: "/favicon.svg",
        }),
      ),
    ).toBe(409);
  });

  it("turns an invitation into a membership when the invited address opens it, once", async () => {
    const [dev, invited] = await Promise.all([
      newPlayer("Dev Two"),
      newPlayer("Invited Dev"),
    ]);
    const publisher = await services().createPublisher(dev.userId, {
      name: `Studio ${dev.userId}`,
      about: "",
      icon: "/favicon.svg",
      banner: "/favicon.svg",
    });
    const address = await emailOf(invited);
    await env.DB.prepare(
      "insert into publisher_invites (publisher_id, email, invited_by) values (?, ?, ?)",
    )
      .bind(publisher.id, address.toLowerCase(), dev.userId)
      .run();
    expect(
      await services().acceptInvites(invited.userId, address.toUpperCase()),
    ).toBe(1);
    expect(await services().isMember(invited.userId, publisher.id)).toBe(true);
    expect(await services().acceptInvites(invited.userId, address)).toBe(0);
  });
});

describe("games and versions", () => {
  it("creates an unpublished game with a draft version only its developers and moderators can see", async () => {
    const [dev, other, moderator] = await Promise.all([
      newPlayer("Dev Three"),
      newPlayer("Curious Player"),
      newPlayer("Mod Person"),
    ]);
    await env.DB.prepare("update users set role = 'moderator' where id = ?")
      .bind(moderator.userId)
      .run();
    const publisher = await services().createPublisher(dev.userId, {
      name: `Studio ${dev.userId}`,
      about: "",
      icon: "/favicon.svg",
      banner: "/favicon.svg",
    });
    const version = await services().createGame(
      dev.userId,
      publisher.id,
      meta(),
      link,
    );
    expect(version).toMatchObject({ status: "draft", kind: "link" });
    const game = await env.DB.prepare(
      "select is_published, type, external_link, name from games where id = ?",
    )
      .bind(version.gameId)
      .first();
    expect(game).toEqual({
      is_published: 0,
      type: 2,
      external_link: link.link,
      name: "Lantern Hop",
    });

    expect(
      (await services().versionFor(dev.userId, version.id)).isDeveloper,
    ).toBe(true);
    expect(
      (await services().versionFor(moderator.userId, version.id)).isModerator,
    ).toBe(true);
    // To anyone else the draft does not exist.
    expect(
      await statusOf(services().versionFor(other.userId, version.id)),
    ).toBe(404);
    expect(
      await statusOf(
        services().createVersion(other.userId, version.gameId, meta(), link),
      ),
    ).toBe(403);
    expect(
      await statusOf(
        services().createGame(other.userId, publisher.id, meta(), link),
      ),
    ).toBe(403);
  });

  it("leaves neither game nor version behind when a first upload is refused, and names an unknown category", async () => {
    const dev = await newPlayer("Dev Four");
    const publisher = await services().createPublisher(dev.userId, {
      name: `Studio ${dev.userId}`,
      about: "",
      icon: "/favicon.svg",
      banner: "/favicon.svg",
    });
    const count = async () =>
      (await env.DB.prepare(
        "select count(*) as n from games where publisher_id = ?",
      )
        .bind(publisher.id)
        .first<{ n: number }>())!.n;
    const refused = services().createGame(dev.userId, publisher.id, meta(), {
      kind: "upload",
      store: async () => {
        throw new ApiError(
          400,
          "bad_request",
          "This file is not a .zip archive",
        );
      },
    });
    expect(await statusOf(refused)).toBe(400);
    expect(await count()).toBe(0);
    expect(
      await statusOf(
        services().createGame(
          dev.userId,
          publisher.id,
          meta({ categoryId: 999_999 }),
          link,
        ),
      ),
    ).toBe(400);
    expect(await count()).toBe(0);
  });
});
