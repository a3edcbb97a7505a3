import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChallengeView } from "#contract/coins";
import { createDb } from "../../workers/db/client";
import { createSessionService } from "../../workers/services/sessions";
import {
  connect,
  fund,
  gameId,
  getJson,
  json,
  makeFriends,
  newPlayer,
  request,
  roomInWindow,
  scoredRound,
  seed,
  testAddress,
  from,
  validSignUp,
  type Player,
} from "./helpers";

beforeAll(seed);

/**
 * Issue #34's "Delete my account", through the page's own action as a browser without JavaScript posts it: refused
 * with nothing changed, or done, with the row emptied of personal data, the money still adding up and the address
 * free for a new account.
 */

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44,
  0x52,
]);

const row = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();
const countOf = async (sql: string, ...values: unknown[]) =>
  (await row<{ n: number }>(sql, ...values))!.n;

function deleteForm(player: Player | null, fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return request("/settings/account", {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      Origin: "https://playfeed.test",
      Host: "playfeed.test",
      ...(player ? { Cookie: `pf_session=${player.token}` } : {}),
    },
  });
}

/** Sign-up's own details, so the test can log in again and sign up with the same address. */
async function signedUp(name: string) {
  const details = validSignUp({ name });
  const { status, body } = await getJson<{
    user: { _id: number };
    token: string;
  }>("/api/user", from(testAddress(), json("POST", details)));
  expect(status).toBe(201);
  const player: Player = { token: body.token, userId: body.user._id, name };
  return { player, email: details.email, password: "Secret@123" };
}

async function uploadPicture(player: Player): Promise<string> {
  const { body } = await getJson<{ url: string; path: string }>(
    "/api/media/upload-url",
    json(
      "POST",
      { mediaUploadType: "profile-image", fileName: "me.png" },
      player.token,
    ),
  );
  const put = await request(new URL(body.url).pathname, {
    method: "PUT",
    body: PNG,
    headers: { "Content-Type": "image/png" },
  });
  expect(put.status).toBe(201);
  return body.path;
}

async function publishedPost(author: Player, slug: string) {
  await env.DB.prepare("update users set can_write = 1 where id = ?")
    .bind(author.userId)
    .run();
  const now = Date.now();
  await env.DB.prepare(
    `insert into blog_posts (author_id, slug, title, tags, content, status, published_at, updated_at)
     values (?, ?, 'My tips', '[]', '[{"id":"a","type":"text","content":"<p>Play often</p>"}]', 'published', ?, ?)`,
  )
    .bind(author.userId, slug, now, now)
    .run();
}

/** Every balance equals the sum of its ledger rows (as tests/worker/coins-invariant.test.ts checks). */
async function moneyAddsUp() {
  const { results } = await env.DB.prepare(
    "select u.id, u.wallet, coalesce((select sum(amount) from ledger l where l.user_id = u.id), 0) as total from users u",
  ).all<{ id: number; wallet: number; total: number }>();
  for (const user of results)
    expect(user.wallet, `user ${user.id}`).toBe(user.total);
}

describe("deleting an account", () => {
  it("refuses a wrong or missing password and changes nothing", async () => {
    const { player, email } = await signedUp("Wrong Pass");
    const missing = await deleteForm(player, {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(
      "Please enter your password to delete your account",
    );
    const wrong = await deleteForm(player, { password: "Nope@1234" });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("That password is not right");
    const user = await row<{ email: string; deleted_at: number | null }>(
      "select email, deleted_at from users where id = ?",
      player.userId,
    );
    expect(user).toEqual({ email, deleted_at: null });
    const me = await getJson(
      "/api/user/me",
      json("GET", undefined, player.token),
    );
    expect(me.status).toBe(200);
  });

  it("empties the account, refunds its open challenge, keeps the money whole and frees the address", async () => {
    const { player: leaver, email, password } = await signedUp("Leaving Lena");
    const friend = await newPlayer("Staying Sam");
    await makeFriends(leaver, friend);
    const game = await gameId("snake");
    await fund(leaver, 100);
    await scoredRound(leaver, game, 10);
    const created = await getJson<ChallengeView>(
      "/api/challenge",
      json(
        "POST",
        {
          game,
          from: leaver.userId,
          to: friend.userId,
          bet_amount: 40,
          message: "Beat me",
          score: 10,
        },
        leaver.token,
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(
      (await row<{ wallet: number }>(
        "select wallet from users where id = ?",
        leaver.userId,
      ))!.wallet,
    ).toBe(60);
    const picture = await uploadPicture(leaver);
    await env.DB.prepare("update users set profile_img = ? where id = ?")
      .bind(picture, leaver.userId)
      .run();
    await env.DB.prepare(
      "insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (?, ?, 'key', 'auth')",
    )
      .bind(leaver.userId, `https://push.example/${leaver.userId}`)
      .run();
    await getJson(
      `/api/game/${game}/data`,
      json("PUT", { data: [["best", "9"]] }, leaver.token),
    );
    await publishedPost(leaver, `lena-tips-${leaver.userId}`);
    const socket = await connect(leaver);
    const closed = new Promise<void>((resolve) =>
      socket.socket.addEventListener("close", () => resolve()),
    );

    const done = await deleteForm(leaver, { password });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/goodbye");
    expect(done.headers.get("Set-Cookie")).toContain("pf_session=;");
    await closed;

    const user = await row<Record<string, unknown>>(
      "select * from users where id = ?",
      leaver.userId,
    );
    expect(user).toMatchObject({
      name: "Deleted player",
      first_name: "Deleted",
      email: `deleted-${leaver.userId}@deleted.invalid`,
      password_hash: null,
      google_sub: null,
      phone_number: null,
      address: null,
      gender: null,
      profile_img: null,
      profile_pic: null,
      invite_code: null,
    });
    expect(user!.deleted_at).not.toBeNull();
    expect(await env.MEDIA.head(picture)).toBeNull();
    for (const table of [
      "sessions",
      "push_subscriptions",
      "upload_tokens",
      "game_data",
    ])
      expect(
        await countOf(
          `select count(*) as n from ${table} where user_id = ?`,
          leaver.userId,
        ),
        table,
      ).toBe(0);
    expect(
      await countOf(
        "select count(*) as n from follows where follower_id = ? or followee_id = ?",
        leaver.userId,
        leaver.userId,
      ),
    ).toBe(0);

    // The stake came back through the ledger, as expiry returns it, and the ledger rows are all kept.
    const challenge = await row<{ status: string }>(
      "select status from challenges where id = ?",
      created.body._id,
    );
    expect(challenge!.status).toBe("expired");
    expect(
      await countOf(
        "select count(*) as n from ledger where user_id = ? and reference = ?",
        leaver.userId,
        `challenge:${created.body._id}:refund`,
      ),
    ).toBe(1);
    expect(
      (await row<{ wallet: number }>(
        "select wallet from users where id = ?",
        leaver.userId,
      ))!.wallet,
    ).toBe(100);
    await moneyAddsUp();

    // The post stays, credited to a former writer; the boards name the player "Deleted player".
    const post = await getJson<{ user_name: string }>(
      `/api/blog/lena-tips-${leaver.userId}`,
    );
    expect(post.status).toBe(200);
    expect(post.body.user_name).toBe("a former writer");
    const board = await getJson<Array<{ user_id?: number; name?: string }>>(
      `/api/scores/${game}`,
    );
    expect(JSON.stringify(board.body)).not.toContain("Leaving Lena");

    // The old token and the old password no longer work; the address signs up as a brand-new account.
    expect(
      (await getJson("/api/user/me", json("GET", undefined, leaver.token)))
        .status,
    ).toBe(401);
    const logIn = await getJson(
      "/api/user/login",
      from(testAddress(), json("POST", { email, password })),
    );
    expect(logIn.status).toBe(401);
    const again = await getJson<{ user: { _id: number; wallet: number } }>(
      "/api/user",
      from(
        testAddress(),
        json("POST", validSignUp({ email, name: "Lena Again" })),
      ),
    );
    expect(again.status).toBe(201);
    expect(again.body.user._id).not.toBe(leaver.userId);

    // Nobody finds the deleted account, follows it or sees it among friends.
    const find = await getJson<{ people: Array<{ _id: number }> }>(
      `/api/social/find/${friend.userId}?q=Deleted`,
      json("GET", undefined, friend.token),
    );
    expect(find.body.people.map((person) => person._id)).not.toContain(
      leaver.userId,
    );
    const follow = await getJson(
      "/api/social/follow",
      json("POST", { from: friend.userId, to: leaver.userId }, friend.token),
    );
    expect(follow.status).toBe(404);
  });

  it("unpublishes the writer's posts when asked", async () => {
    const { player, password } = await signedUp("Writer Wes");
    const slug = `wes-post-${player.userId}`;
    await publishedPost(player, slug);
    const page = await request("/settings/account", {
      headers: { Cookie: `pf_session=${player.token}` },
    });
    expect((await page.text()).split("<!-- -->").join("")).toContain(
      "Unpublish my posts",
    );
    const done = await deleteForm(player, { password, unpublish: "on" });
    expect(done.status).toBe(303);
    expect((await getJson(`/api/blog/${slug}`)).status).toBe(404);
    expect(
      await countOf(
        "select count(*) as n from blog_posts where author_id = ?",
        player.userId,
      ),
    ).toBe(0);
  });

  it("asks an account without a password to type DELETE", async () => {
    const db = createDb(env.DB);
    const inserted = await row<{ id: number }>(
      "insert into users (email, google_sub, name, first_name) values (?, ?, 'Google Gia', 'Google') returning id",
      `gia.${crypto.randomUUID().slice(0, 8)}@example.com`,
      `sub-${crypto.randomUUID()}`,
    );
    const player: Player = {
      token: await createSessionService(db).create(inserted!.id),
      userId: inserted!.id,
      name: "Google Gia",
    };
    const page = await request("/settings/account", {
      headers: { Cookie: `pf_session=${player.token}` },
    });
    expect(await page.text()).toContain("Type DELETE to confirm");
    const wrong = await deleteForm(player, { confirm: "delete" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(
      "Please type DELETE in capital letters",
    );
    const done = await deleteForm(player, { confirm: "DELETE" });
    expect(done.status).toBe(303);
    expect(
      await row(
        "select google_sub, deleted_at is not null as gone from users where id = ?",
        player.userId,
      ),
    ).toEqual({ google_sub: null, gone: 1 });
  });

  it("sends a visitor to log in and lets nobody delete someone else's account", async () => {
    const visitor = await deleteForm(null, { password: "Secret@123" });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toBe(
      "/login?redirectTo=/settings/account",
    );
    const page = await request("/settings/account");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Log in to see your data and account");
  });

  it("holds password guesses on the delete form to 10 an hour", async () => {
    roomInWindow(60 * 60 * 1000);
    const { player } = await signedUp("Guessing Gus");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await deleteForm(player, { password: `Guess@${i}000` })).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
  });
});
