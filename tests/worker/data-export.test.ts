import { env } from "cloudflare:workers";
import { vi, beforeAll, describe, expect, it } from "vitest";
import type { ChallengeView } from "#contract/coins";
import { conversationOf } from "../../workers/durable-objects/hubs";
import {
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
  type Player,
} from "./helpers";

beforeAll(seed);

/** Issue #34's "Download my data": GET /settings/account/data.json, as the page's link asks for it. */

const download = (player: Player | null) =>
  request("/settings/account/data.json", {
    headers: player ? { Cookie: `pf_session=${player.token}` } : {},
  });

interface Exported {
  profile: { id: number; name: string; email: string };
  follows: {
    following: Array<{ id: number }>;
    followers: Array<{ id: number }>;
  };
  scores: Array<{ score: number }>;
  runs: Array<{ run_id: string; watch: string }>;
  challenges: { sent: Array<{ message: string }>; received: unknown[] };
  ledger: Array<{ amount: number; reason: string }>;
  game_data: Array<{ data: string }>;
  posts: Array<{ title: string }>;
  notifications: Array<{ content: string }>;
  likes: Array<{ game_id: number }>;
  ratings: Array<{ rating: number }>;
  saved_games: Array<{ game_id: number }>;
  shares: unknown[];
  messages: Array<{
    with: { id: number; name: string };
    messages: Array<{ sent_by_me: boolean; content: string }>;
  }>;
  notes: string[];
}

async function send(sender: Player, recipient: Player, content: string) {
  await vi.waitFor(async () => {
    const answer = await conversationOf(
      env,
      sender.userId,
      recipient.userId,
    ).send({
      senderId: sender.userId,
      recipientId: recipient.userId,
      senderName: sender.name,
      content,
      msgId: crypto.randomUUID(),
    });
    if (!answer.ok) throw new Error(answer.message);
  });
}

describe("download my data", () => {
  it("gives the player a JSON file of every section, and nothing of anyone else", async () => {
    const [owner, friend, stranger] = [
      await newPlayer("Export Olga"),
      await newPlayer("Export Fred"),
      await newPlayer("Export Stan"),
    ];
    await makeFriends(owner, friend);
    const game = await gameId("snake");
    await fund(owner, 50);
    await scoredRound(owner, game, 10);
    await scoredRound(stranger, game, 12);
    const challenge = await getJson<ChallengeView>(
      "/api/challenge",
      json(
        "POST",
        {
          game,
          from: owner.userId,
          to: friend.userId,
          bet_amount: 10,
          message: "Catch me if you can",
          score: 10,
        },
        owner.token,
      ),
    );
    expect(challenge.status).toBe(201);
    await getJson(
      `/api/game/${game}/data`,
      json("PUT", { data: [["level", "7"]] }, owner.token),
    );
    await getJson(
      `/api/game/${game}/data`,
      json("PUT", { data: [["level", "stranger-level"]] }, stranger.token),
    );
    for (const [table, extra] of [
      ["likes", ""],
      ["saved_games", ""],
    ] as const)
      await env.DB.prepare(
        `insert into ${table} (user_id, game_id${extra}) values (?, ?)`,
      )
        .bind(owner.userId, game)
        .run();
    await env.DB.prepare(
      "insert into ratings (user_id, game_id, value) values (?, ?, 4)",
    )
      .bind(owner.userId, game)
      .run();
    const now = Date.now();
    await env.DB.prepare(
      `insert into blog_posts (author_id, slug, title, tags, content, status, updated_at)
       values (?, ?, 'Olga draft', '[]', '[]', 'draft', ?)`,
    )
      .bind(owner.userId, `olga-draft-${owner.userId}`, now)
      .run();
    await env.DB.prepare(
      "insert into notifications (user_id, type, content, data) values (?, 'tournament_prize', 'You won 30 coins', '{}')",
    )
      .bind(owner.userId)
      .run();
    await env.DB.prepare(
      "insert into score_shares (id, user_id, game_id, score_id, score, player_name) select ?, user_id, game_id, id, score, 'Export Olga' from scores where user_id = ?",
    )
      .bind(`olga${owner.userId}`.padEnd(12, "x"), owner.userId)
      .run();
    await send(owner, friend, "Hello Fred");
    await send(friend, owner, "Hi Olga");
    await send(stranger, friend, "Stan's secret to Fred");

    const response = await download(owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="playfeed-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text) as Exported;
    expect(data.profile).toMatchObject({
      id: owner.userId,
      name: "Export Olga",
    });
    expect(text).not.toContain("password_hash");
    expect(text).not.toContain("pbkdf2");
    expect(data.follows.following.map((person) => person.id)).toEqual([
      friend.userId,
    ]);
    expect(data.follows.followers.map((person) => person.id)).toEqual([
      friend.userId,
    ]);
    expect(data.scores.map((score) => score.score)).toEqual([10]);
    expect(data.runs).toHaveLength(1);
    expect(data.runs[0].watch).toBe(`/watch/${data.runs[0].run_id}`);
    expect(data.challenges.sent.map((sent) => sent.message)).toEqual([
      "Catch me if you can",
    ]);
    expect(
      data.ledger.map((entry) => entry.amount).sort((a, b) => a - b),
    ).toEqual([-10, 50]);
    expect(data.game_data.map((entry) => entry.data)).toEqual([
      JSON.stringify([["level", "7"]]),
    ]);
    expect(data.posts.map((post) => post.title)).toEqual(["Olga draft"]);
    expect(data.notifications).toMatchObject([{ content: "You won 30 coins" }]);
    expect(data.shares).toMatchObject([
      {
        score: 10,
        address: `/scores/${`olga${owner.userId}`.padEnd(12, "x")}`,
      },
    ]);
    expect(data.likes.map((like) => like.game_id)).toEqual([game]);
    expect(data.saved_games.map((saved) => saved.game_id)).toEqual([game]);
    expect(data.ratings.map((rating) => rating.rating)).toEqual([4]);
    expect(
      data.messages.map((conversation) => ({
        with: conversation.with,
        messages: conversation.messages.map(({ sent_by_me, content }) => ({
          sent_by_me,
          content,
        })),
      })),
    ).toEqual([
      {
        with: { id: friend.userId, name: "Export Fred" },
        messages: [
          { sent_by_me: true, content: "Hello Fred" },
          { sent_by_me: false, content: "Hi Olga" },
        ],
      },
    ]);
    expect(data.notes).toEqual([]);
    // Nothing of the stranger: not their score, their game data, their messages or their name.
    expect(text).not.toContain("Export Stan");
    expect(text).not.toContain("stranger-level");
    expect(text).not.toContain("secret");
  });

  it("refuses a visitor", async () => {
    const response = await download(null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        code: "unauthorized",
        message: "Please log in to download your data",
      },
    });
  });

  it("gives a player 5 downloads an hour", async () => {
    roomInWindow(60 * 60 * 1000);
    const player = await newPlayer("Export Eager");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await download(player);
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await download(player);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    const body: { error: { message: string } } = await refused.json();
    expect(body.error.message).toContain(
      "You have downloaded your data 5 times this hour.",
    );
  });
});
