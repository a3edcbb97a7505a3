import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import type { RoomServerEvent } from "#contract/room-socket";
import type { UserServerEvent } from "#contract/user-socket";
import { seedDatabase } from "../../workers/db/seed";
import { createDb } from "../../workers/db/client";
import { createSessionService } from "../../workers/services/sessions";

export const BASE = "https://playfeed.test";

export function request(path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(`${BASE}${path}`, init));
}

export async function getJson<T = unknown>(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; response: Response }> {
  const response = await request(path, init);
  return {
    status: response.status,
    body: (await response.json()) as T,
    response,
  };
}

export async function seed() {
  await seedDatabase(env.DB);
}

export async function tokenFor(
  email: string,
): Promise<{ token: string; userId: number }> {
  const db = createDb(env.DB);
  const user = await db.query.users.findFirst({
    where: (users, { eq }) => eq(users.email, email),
  });
  if (!user) throw new Error(`No seeded user ${email}`);
  return {
    token: await createSessionService(db).create(user.id),
    userId: user.id,
  };
}

export const json = (
  method: string,
  body: unknown,
  token?: string,
): RequestInit => ({
  method,
  headers: {
    "Content-Type": "application/json",
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

/** A fresh address (IPv6 documentation range) for `CF-Connecting-IP`: per-address limits then count only this test. */
export const testAddress = () =>
  `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

/** `init` sent from `address`, as Cloudflare reports it. */
export const from = (address: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: {
    ...(init.headers as Record<string, string> | undefined),
    "CF-Connecting-IP": address,
  },
});

export const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  name: "Nora Quinn",
  email: `nora.${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone_number: "9876501234",
  Pwd_Hash: "Secret@123",
  gender: "female",
  address: "22 River Walk, Porto",
  ...overrides,
});

export interface Player {
  token: string;
  userId: number;
  name: string;
}

/** What either socket sends: `connect` opens the user socket or a room socket. */
type ServerEvent = UserServerEvent | RoomServerEvent;

export type EventOf<N extends ServerEvent["event"]> = Extract<
  ServerEvent,
  { event: N }
>;

export async function newPlayer(name: string): Promise<Player> {
  const signUp = from(testAddress(), json("POST", validSignUp({ name })));
  const { status, body } = await getJson<{
    user: { _id: number };
    token: string;
  }>("/api/user", signUp);
  expect(status).toBe(201);
  return { token: body.token, userId: body.user._id, name };
}

/** Each follows the other: SPEC.md's chat is between friends, so a conversation needs this first. */
export async function makeFriends(a: Player, b: Player): Promise<void> {
  for (const [from, to] of [
    [a, b],
    [b, a],
  ]) {
    const followed = await getJson(
      "/api/social/follow",
      json("POST", { from: from.userId, to: to.userId }, from.token),
    );
    expect(followed.status).toBe(200);
  }
}

/** A finished, server-accepted round of `game` scoring `score` (a play session that began 30 s ago). */
export async function scoredRound(
  player: Player,
  game: number,
  score: number,
  gameType = 0,
): Promise<number> {
  const stats = await getJson<{ _id: number }>(
    "/api/gamestats",
    json("POST", { game_id: game, game_type: gameType }, player.token),
  );
  expect(stats.status).toBe(201);
  await env.DB.prepare(
    "update game_stats set created_at = created_at - 30000 where id = ?",
  )
    .bind(stats.body._id)
    .run();
  const moves = score
    ? [
        { time: 0, score: 0 },
        { time: 5000, score: Math.floor(score / 2) },
        { time: 20000, score },
      ]
    : [];
  const submitted = await getJson(
    "/api/scores",
    json(
      "POST",
      {
        score,
        player_id: player.userId,
        game_id: game,
        stats_id: stats.body._id,
        moves,
      },
      player.token,
    ),
  );
  expect(submitted.status).toBe(201);
  return stats.body._id;
}

export const gameId = async (slug: string) =>
  (await env.DB.prepare("select id from games where slug = ?")
    .bind(slug)
    .first<number>("id"))!;

/**
 * A real socket through the Worker, with a queue of what it receives: by default the user socket to the player's
 * UserHub; `roomSocketPath(roomId)` for a match's room socket to its MatchRoom. Nothing is read yet, not even
 * `connected`.
 */
export async function openSocket(
  token: string,
  path = "/ws",
  who = "the socket",
) {
  const response = await request(path, {
    headers: { Upgrade: "websocket", Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const received: ServerEvent[] = [];
  const waiters: Array<() => void> = [];
  socket.addEventListener("message", (event) => {
    received.push(JSON.parse(event.data as string) as ServerEvent);
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.accept();
  /** The first queued event that matches, waiting for one up to 2 s. */
  async function take(
    matches: (event: ServerEvent) => boolean,
    what: string,
  ): Promise<ServerEvent> {
    const deadline = Date.now() + 2000;
    for (;;) {
      const index = received.findIndex(matches);
      if (index >= 0) return received.splice(index, 1)[0];
      if (Date.now() > deadline)
        throw new Error(
          `${who} got no ${what}; got ${JSON.stringify(received)}`,
        );
      await Promise.race([
        new Promise<void>((resolve) => waiters.push(resolve)),
        new Promise((resolve) => setTimeout(resolve, 50)),
      ]);
    }
  }
  /** The next event of that name, skipping others. */
  const next = async <N extends ServerEvent["event"]>(name: N) =>
    (await take((event) => event.event === name, name)) as EventOf<N>;
  const send = (frame: unknown) =>
    socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  const has = (name: ServerEvent["event"]) =>
    received.some((event) => event.event === name);
  return { socket, next, take, send, has };
}

/** `openSocket` for a player, once the server has said `connected`. */
export async function connect(player: Player, path = "/ws") {
  const opened = await openSocket(player.token, path, player.name);
  await opened.next("connected");
  return opened;
}
