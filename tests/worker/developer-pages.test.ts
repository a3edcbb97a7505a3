import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { newPlayer, request, seed, type Player } from "./helpers";
import { bandedPng } from "./png";

beforeAll(seed);

/**
 * Issue #33's developer pages, driven as a browser without JavaScript drives them: a document GET, and a plain form
 * post (multipart where files go) to the page's own address, answered with 303 on or the page again with its message.
 */

const page = (player: Player | null, path: string) =>
  request(path, {
    redirect: "manual",
    headers: player ? { Cookie: `pf_session=${player.token}` } : {},
  });

type Field = string | Blob | { bytes: Uint8Array; name: string; type: string };

const post = (
  player: Player | null,
  path: string,
  fields: Record<string, Field>,
  headers: Record<string, string> = {},
) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (typeof value === "string" || value instanceof Blob)
      body.set(key, value);
    else
      body.set(
        key,
        new File([value.bytes as Uint8Array<ArrayBuffer>], value.name, {
          type: value.type,
        }),
      );
  return request(path, {
    method: "POST",
    body,
    redirect: "manual",
    // Remix compares Origin with Host before it runs a page's action.
    headers: {
      Origin: "https://playfeed.test",
      Host: "playfeed.test",
      ...(player ? { Cookie: `pf_session=${player.token}` } : {}),
      ...headers,
    },
  });
};

/** A rendered page's markup without the comments React puts between text pieces. */
async function htmlOf(response: Response): Promise<string> {
  const html = await response.text();
  return html.split("<!-- -->").join("");
}

const png = async (width: number, height: number, name = "picture.png") => ({
  bytes: await bandedPng(width, height),
  name,
  type: "image/png",
});

const row = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();

async function categoryId(): Promise<string> {
  const category = await row<{ id: number }>(
    "select id from categories order by id limit 1",
  );
  return String(category!.id);
}

async function createPublisher(owner: Player, name: string): Promise<number> {
  const created = await post(owner, "/developer", {
    name,
    about: "We make small puzzle games.",
    icon: await png(64, 64),
    banner: await png(300, 100),
  });
  expect(created.status).toBe(303);
  const id = Number(
    /^\/developer\/publishers\/(\d+)$/.exec(
      created.headers.get("Location") ?? "",
    )?.[1],
  );
  expect(id).toBeGreaterThan(0);
  return id;
}

async function linkGameFields(name: string) {
  return {
    kind: "link",
    link: "https://games.example.com/tiny/",
    name,
    description: "Stack the blocks.",
    howToPlay: "Tap to drop.",
    categoryId: await categoryId(),
    orientation: "portrait",
    timed: "on",
    maximumGameTime: "90",
    sendsScores: "on",
    leaderboardType: "1",
    icon: await png(256, 256, "icon.png"),
  } satisfies Record<string, Field>;
}

async function submitLinkGame(
  owner: Player,
  publisherId: number,
  name: string,
): Promise<{ gameId: number; versionId: number }> {
  const created = await post(
    owner,
    `/developer/publishers/${publisherId}/new-game`,
    await linkGameFields(name),
  );
  expect(created.status).toBe(303);
  const gameId = Number(
    /^\/developer\/games\/(\d+)$/.exec(
      created.headers.get("Location") ?? "",
    )?.[1],
  );
  const version = await row<{ id: number }>(
    "select id from game_versions where game_id = ? order by id desc",
    gameId,
  );
  return { gameId, versionId: version!.id };
}

const publishedList = async () =>
  JSON.stringify(await (await request("/api/game/published")).json());

const unique = () => crypto.randomUUID().slice(0, 6);

describe("the developer pages (issue #33)", () => {
  it("create a publisher with its pictures in R2, and refuse a wrong picture without creating one", async () => {
    const owner = await newPlayer("Dev Dana");
    const name = `Dana Games ${unique()}`;
    const publisherId = await createPublisher(owner, name);
    const stored = await row<{ icon: string; banner: string; about: string }>(
      "select icon, banner, about from publishers where id = ?",
      publisherId,
    );
    expect(stored!.icon).toMatch(
      new RegExp(`^publishers/${publisherId}/icon-[0-9a-f-]{36}\\.png$`),
    );
    expect(stored!.banner).toMatch(
      new RegExp(`^publishers/${publisherId}/banner-[0-9a-f-]{36}\\.png$`),
    );
    expect(await env.MEDIA.head(stored!.icon)).not.toBeNull();
    expect(await env.MEDIA.head(stored!.banner)).not.toBeNull();

    const mine = await page(owner, "/developer");
    expect(mine.status).toBe(200);
    expect(await htmlOf(mine)).toContain(name);

    // A banner-shaped icon, a text file named .png, a taken name: the form again with its message, no publisher.
    const otherName = `Wide Icons ${unique()}`;
    const wide = await post(owner, "/developer", {
      name: otherName,
      icon: await png(300, 100),
    });
    expect(wide.status).toBe(400);
    expect(await htmlOf(wide)).toContain("Please choose a square picture");
    const fake = await post(owner, "/developer", {
      name: otherName,
      icon: {
        bytes: new TextEncoder().encode("not a picture"),
        name: "icon.png",
        type: "image/png",
      },
    });
    expect(fake.status).toBe(400);
    expect(await htmlOf(fake)).toContain(
      "Please choose a PNG, JPEG or WebP picture",
    );
    const taken = await post(owner, "/developer", { name });
    expect(taken.status).toBe(409);
    expect(await htmlOf(taken)).toContain(
      "A publisher with this name already exists",
    );
    const short = await post(owner, "/developer", { name: "x" });
    expect(short.status).toBe(400);
    await short.arrayBuffer();
    expect(
      await row("select id from publishers where name = ?", otherName),
    ).toBeNull();

    // Editing keeps a picture that is not sent again, and the public page shows the new details.
    const saved = await post(owner, `/developer/publishers/${publisherId}`, {
      intent: "save",
      name: `${name} Studio`,
      about: "Puzzles, mostly.",
    });
    expect(saved.status).toBe(200);
    await saved.arrayBuffer();
    const edited = await row<{ name: string; icon: string }>(
      "select name, icon from publishers where id = ?",
      publisherId,
    );
    expect(edited).toEqual({ name: `${name} Studio`, icon: stored!.icon });
    const publicPage = await (
      await request(`/publisher/${publisherId}`)
    ).text();
    expect(publicPage).toContain(`${name} Studio`);
    expect(publicPage).toContain("Puzzles, mostly.");
    expect(publicPage).toContain(stored!.banner);
  });

  it("invite a second developer by address, who joins on opening /developer", async () => {
    const owner = await newPlayer("Dev Owen");
    const second = await newPlayer("Dev Sam");
    const email = await row<{ email: string }>(
      "select email from users where id = ?",
      second.userId,
    );
    const publisherId = await createPublisher(owner, `Owen Co ${unique()}`);

    const bad = await post(owner, `/developer/publishers/${publisherId}`, {
      intent: "invite",
      email: "not-an-address",
    });
    expect(bad.status).toBe(400);
    await bad.arrayBuffer();
    const invited = await post(owner, `/developer/publishers/${publisherId}`, {
      intent: "invite",
      email: email!.email.toUpperCase(),
    });
    expect(invited.status).toBe(200);
    expect(await htmlOf(invited)).toContain(
      "The invitation waits until that person signs in",
    );
    expect(
      await row(
        "select email from publisher_invites where publisher_id = ?",
        publisherId,
      ),
    ).toEqual({ email: email!.email.toLowerCase() });

    // Not a developer until the invitation is accepted, by opening /developer.
    const before = await page(second, `/developer/publishers/${publisherId}`);
    expect(before.status).toBe(403);
    expect(await htmlOf(before)).toContain(
      "You are not a developer of this publisher",
    );
    const opened = await page(second, "/developer");
    expect(opened.status).toBe(200);
    expect(await htmlOf(opened)).toContain("You joined a publisher");
    const after = await page(second, `/developer/publishers/${publisherId}`);
    expect(after.status).toBe(200);
    const members = await htmlOf(after);
    expect(members).toContain("Dev Owen");
    expect(members).toContain("Dev Sam");
    expect(
      await row(
        "select id from publisher_invites where publisher_id = ?",
        publisherId,
      ),
    ).toBeNull();
  });

  it("submit a link game, send its draft to review, withdraw it, and add a version that keeps its icon", async () => {
    const owner = await newPlayer("Dev Lin");
    const publisherId = await createPublisher(owner, `Lin Labs ${unique()}`);
    const newGame = `/developer/publishers/${publisherId}/new-game`;

    const form = await page(owner, newGame);
    expect(form.status).toBe(200);
    const html = await htmlOf(form);
    expect(html).toContain("50 MB");
    expect(html).toContain(".wasm");

    // Refusals name their field: plain http, an icon of the wrong size, an upload without its .zip.
    const fields = await linkGameFields("Tiny Tower");
    const http = await post(owner, newGame, {
      ...fields,
      link: "http://games.example.com/tiny/",
    });
    expect(http.status).toBe(400);
    expect(await htmlOf(http)).toContain(
      "Please enter the game&#x27;s https://",
    );
    const small = await post(owner, newGame, {
      ...fields,
      icon: await png(128, 128),
    });
    expect(small.status).toBe(400);
    expect(await htmlOf(small)).toContain("exactly 256×256 pixels");
    const noZip = await post(owner, newGame, { ...fields, kind: "upload" });
    expect(noZip.status).toBe(400);
    expect(await noZip.text()).toContain("Please choose your game");
    const clip = await post(owner, newGame, {
      ...fields,
      video: {
        bytes: await bandedPng(8, 8),
        name: "clip.mp4",
        type: "video/mp4",
      },
    });
    expect(clip.status).toBe(400);
    expect(await htmlOf(clip)).toContain("Please choose a WebM or MP4 clip");
    expect(
      await row(
        "select id from games where publisher_id = ? and name = 'Tiny Tower'",
        publisherId,
      ),
    ).toBeNull();

    const { gameId, versionId } = await submitLinkGame(
      owner,
      publisherId,
      "Tiny Tower",
    );
    const game = await row<{
      icon: string;
      is_published: number;
      type: number;
    }>("select icon, is_published, type from games where id = ?", gameId);
    expect(game!.icon).toMatch(new RegExp(`^games/${gameId}/icon-`));
    expect(game).toMatchObject({ is_published: 0, type: 2 });
    const listed = await htmlOf(
      await page(owner, `/developer/games/${gameId}`),
    );
    expect(listed).toContain("Tiny Tower");
    expect(listed).toContain(`/developer/versions/${versionId}/play`);
    expect(listed).toContain(`/developer/games/${gameId}/stats`);

    const gamePath = `/developer/games/${gameId}`;
    const submitted = await post(owner, gamePath, {
      intent: "submit",
      versionId: String(versionId),
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("Location")).toBe(gamePath);
    const review = await row<{ status: string; submitted_at: number }>(
      "select status, submitted_at from game_versions where id = ?",
      versionId,
    );
    expect(review!.status).toBe("submitted");
    expect(review!.submitted_at).toBeGreaterThan(0);
    const twice = await post(owner, gamePath, {
      intent: "submit",
      versionId: String(versionId),
    });
    expect(twice.status).toBe(409);
    expect(await htmlOf(twice)).toContain("Only a draft can be submitted");

    const withdrawn = await post(owner, gamePath, {
      intent: "withdraw",
      versionId: String(versionId),
    });
    expect(withdrawn.status).toBe(303);
    expect(
      await row("select status from game_versions where id = ?", versionId),
    ).toEqual({ status: "withdrawn" });
    // Unpublishing a game that is not live (a repeated press) changes nothing; publishing one never approved is refused.
    const notLive = await post(owner, gamePath, { intent: "unpublish" });
    expect(notLive.status).toBe(303);
    await notLive.arrayBuffer();
    const neverApproved = await post(owner, gamePath, { intent: "republish" });
    expect(neverApproved.status).toBe(409);
    await neverApproved.arrayBuffer();
    expect(
      await row("select is_published from games where id = ?", gameId),
    ).toEqual({ is_published: 0 });

    const prefilled = await htmlOf(
      await page(owner, `${gamePath}/new-version`),
    );
    expect(prefilled).toContain('value="Tiny Tower"');
    const { icon: _icon, ...withoutIcon } = fields;
    const next = await post(owner, `${gamePath}/new-version`, {
      ...withoutIcon,
      name: "Tiny Tower 2",
    });
    expect(next.status).toBe(303);
    const latest = await row<{ meta: string; status: string }>(
      "select meta, status from game_versions where game_id = ? order by id desc",
      gameId,
    );
    expect(latest!.status).toBe("draft");
    expect(JSON.parse(latest!.meta)).toMatchObject({
      name: "Tiny Tower 2",
      icon: game!.icon,
    });
  });

  it("unpublishes a live game: it leaves the published catalogue", async () => {
    const owner = await newPlayer("Dev Uma");
    const publisherId = await createPublisher(owner, `Uma Arcade ${unique()}`);
    const { gameId, versionId } = await submitLinkGame(
      owner,
      publisherId,
      "Live Once",
    );
    // Approval is the review queue's (part 4); here the game is made live directly.
    await env.DB.batch([
      env.DB.prepare("update games set is_published = 1 where id = ?").bind(
        gameId,
      ),
      env.DB.prepare(
        "update game_versions set status = 'approved' where id = ?",
      ).bind(versionId),
    ]);
    expect(await publishedList()).toContain(`"_id":${gameId},`);
    const gamePath = `/developer/games/${gameId}`;
    expect(await htmlOf(await page(owner, gamePath))).toContain(
      "Unpublish this game",
    );
    const gone = await post(owner, gamePath, { intent: "unpublish" });
    expect(gone.status).toBe(303);
    expect(
      await row("select is_published from games where id = ?", gameId),
    ).toEqual({ is_published: 0 });
    expect(await publishedList()).not.toContain(`"_id":${gameId},`);
  });

  it("refuses a submission over 60 MB before reading it", async () => {
    const owner = await newPlayer("Dev Max");
    const publisherId = await createPublisher(owner, `Max Media ${unique()}`);
    const big = await request(`/developer/publishers/${publisherId}/new-game`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "https://playfeed.test",
        Host: "playfeed.test",
        Cookie: `pf_session=${owner.token}`,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(61 * 1024 * 1024),
      },
      body: new Uint8Array(61 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    expect(await htmlOf(big)).toContain("over 60 MB");
  });
});

describe("who may open the developer pages", () => {
  let owner: Player;
  let stranger: Player;
  let publisherId: number;
  let gameId: number;
  let versionId: number;

  beforeAll(async () => {
    owner = await newPlayer("Dev Ivy");
    stranger = await newPlayer("Not A Dev");
    publisherId = await createPublisher(owner, `Ivy Interactive ${unique()}`);
    ({ gameId, versionId } = await submitLinkGame(owner, publisherId, "Mine"));
  });

  const paths = () => [
    `/developer/publishers/${publisherId}`,
    `/developer/publishers/${publisherId}/new-game`,
    `/developer/games/${gameId}`,
    `/developer/games/${gameId}/new-version`,
  ];

  it("sends a visitor to log in from every page and every form", async () => {
    for (const path of ["/developer", ...paths()]) {
      const opened = await page(null, path);
      expect(opened.status, path).toBe(303);
      expect(opened.headers.get("Location"), path).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
      const posted = await post(null, path, { name: "Visitor Co" });
      expect(posted.status, path).toBe(303);
      expect(posted.headers.get("Location"), path).toMatch(/^\/login\?/);
    }
  });

  it("answers a signed-in player who is not a developer with 403 or 404 on every page and form, and changes nothing", async () => {
    for (const path of paths()) {
      const opened = await page(stranger, path);
      expect([403, 404], path).toContain(opened.status);
      await opened.arrayBuffer();
    }
    const attempts: [string, Record<string, Field>][] = [
      [
        `/developer/publishers/${publisherId}`,
        { intent: "save", name: "Taken Over" },
      ],
      [
        `/developer/publishers/${publisherId}`,
        { intent: "invite", email: "friend@example.com" },
      ],
      [
        `/developer/publishers/${publisherId}/new-game`,
        await linkGameFields("Not Mine"),
      ],
      [
        `/developer/games/${gameId}`,
        { intent: "submit", versionId: String(versionId) },
      ],
      [`/developer/games/${gameId}`, { intent: "unpublish" }],
      [
        `/developer/games/${gameId}/new-version`,
        await linkGameFields("Not Mine"),
      ],
    ];
    for (const [path, fields] of attempts) {
      const posted = await post(stranger, path, fields);
      expect(
        [403, 404],
        `${path} ${typeof fields.intent === "string" ? fields.intent : ""}`,
      ).toContain(posted.status);
      await posted.arrayBuffer();
    }
    // A version id of another publisher's game, posted to the stranger's own game page.
    const ownPublisher = await createPublisher(
      stranger,
      `Stranger ${unique()}`,
    );
    const own = await submitLinkGame(stranger, ownPublisher, "Stranger Game");
    const crossed = await post(stranger, `/developer/games/${own.gameId}`, {
      intent: "submit",
      versionId: String(versionId),
    });
    expect(crossed.status).toBe(404);
    await crossed.arrayBuffer();
    expect(
      await row(
        "select p.name, v.status, (select count(*) from publisher_invites where publisher_id = p.id) invites, (select count(*) from games where publisher_id = p.id) games from publishers p join game_versions v on v.publisher_id = p.id where p.id = ?",
        publisherId,
      ),
    ).toMatchObject({ status: "draft", invites: 0, games: 1 });
  });
});
