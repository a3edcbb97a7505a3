import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserServerEvent } from "#contract/user-socket";
import type { UserHub } from "../../workers/durable-objects/UserHub";
import { openSocket, request, seed, tokenFor } from "./helpers";

beforeAll(seed);

/**
 * The hub's answers one after another. Presence of the people a user follows
 * (`user-connection`) comes whenever another test's socket opens or closes, so
 * it is skipped: these tests are about the hub's answers to its own socket.
 */
const openHubSocket = async (token: string) => {
  const { socket, take } = await openSocket(token);
  const next = () =>
    take((event) => event.event !== "user-connection", "answer");
  return { socket, next };
};

describe("/ws and the UserHub Durable Object", () => {
  it("refuses a socket without a valid session", async () => {
    const anonymous = await request("/ws", {
      headers: { Upgrade: "websocket" },
    });
    expect(anonymous.status).toBe(401);
    const forged = await request("/ws", {
      headers: { Upgrade: "websocket", Authorization: "Bearer not-a-token" },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      error: { code: "unauthorized", message: "Please log in to continue" },
    });
  });

  it("asks plain HTTP requests to upgrade", async () => {
    expect((await request("/ws")).status).toBe(426);
  });

  it("connects the user to their own hub, which answers pings and reports bad messages", async () => {
    const { token, userId } = await tokenFor("ava@playfeed.local");
    const { socket, next } = await openHubSocket(token);

    expect(await next()).toEqual({
      event: "connected",
      data: { userId, connections: 1 },
    });

    socket.send(JSON.stringify({ event: "ping" }));
    expect(await next()).toEqual({ event: "pong" });

    socket.send("this is not json");
    expect(await next()).toEqual({
      event: "error",
      data: { message: "Messages must be JSON text" },
    });

    socket.send(JSON.stringify({ event: "launch_missiles" }));
    expect(await next()).toEqual({
      event: "error",
      data: { message: "Unknown or malformed event: launch_missiles" },
    });

    // The connection survives bad input.
    socket.send(JSON.stringify({ event: "ping", data: {} }));
    expect(await next()).toEqual({ event: "pong" });

    const hub = env.USER_HUB.get(env.USER_HUB.idFromName(`user:${userId}`));
    const attachments = await runInDurableObject(
      hub,
      (instance: UserHub, state) =>
        state
          .getWebSockets()
          .map((ws) => ws.deserializeAttachment() as unknown),
    );
    expect(attachments).toEqual([
      {
        userId,
        connectedAt: expect.any(Number) as number,
        connectionId: expect.any(String) as string,
      },
    ]);
    socket.close(1000, "done");
  });

  it("keeps each user's sockets in that user's hub only", async () => {
    const ava = await tokenFor("ava@playfeed.local");
    const ben = await tokenFor("ben@playfeed.local");
    const first = await openHubSocket(ava.token);
    await first.next();
    const second = await openHubSocket(ava.token);
    expect(await second.next()).toMatchObject({
      event: "connected",
      data: { connections: 2 },
    });
    const other = await openHubSocket(ben.token);
    expect(await other.next()).toEqual({
      event: "connected",
      data: { userId: ben.userId, connections: 1 },
    });
    const benHub = env.USER_HUB.get(
      env.USER_HUB.idFromName(`user:${ben.userId}`),
    );
    expect(await benHub.connectionCount()).toBe(1);
    for (const { socket } of [first, second, other]) socket.close(1000, "done");
  });

  it("leaves match events to the room socket: game_data, exit_game_room and end_game are answered with an error", async () => {
    const { token } = await tokenFor("ava@playfeed.local");
    const { socket, next } = await openHubSocket(token);
    await next();
    const frames = [
      { event: "game_data", id: "g1", data: { score: 1 } },
      { event: "exit_game_room", id: "g2", data: { score: 1 } },
      { event: "end_game", id: "g3", data: { statsId: 1 } },
    ];
    for (const frame of frames) {
      socket.send(JSON.stringify(frame));
      expect(await next()).toEqual({
        event: "error",
        data: {
          message: "Match events go on the room socket (/ws/room/{roomId})",
          id: frame.id,
        },
      });
    }
    socket.close(1000, "done");
  });

  it("ignores a user id header sent by the client", async () => {
    const { token, userId } = await tokenFor("ben@playfeed.local");
    const response = await request("/ws", {
      headers: {
        Upgrade: "websocket",
        Authorization: `Bearer ${token}`,
        "X-Playfeed-User": "1",
      },
    });
    const socket = response.webSocket!;
    const first = new Promise<UserServerEvent>((resolve) =>
      socket.addEventListener(
        "message",
        (event) => resolve(JSON.parse(event.data as string) as UserServerEvent),
        { once: true },
      ),
    );
    socket.accept();
    expect(await first).toMatchObject({ data: { userId } });
    socket.close(1000, "done");
  });
});
