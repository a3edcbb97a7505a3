import { env } from "cloudflare:workers";
import { jwtVerify, importJWK } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationView } from "#contract/coins";
import {
  MAX_PUSH_DEVICES,
  PUSH_ENDPOINT_MESSAGES,
  type PushMessage,
} from "#contract/push";
import { createDb } from "../../workers/db/client";
import { hubOf } from "../../workers/durable-objects/hubs";
import { createPushService, vapidKeysFrom } from "../../workers/services/push";
import { pushRequest } from "../../workers/services/web-push";
import {
  connect,
  getJson,
  json,
  makeFriends,
  newPlayer,
  type Player,
} from "./helpers";

type Bytes = Uint8Array<ArrayBuffer>;

const b64u = (bytes: Bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64u = (text: string): Bytes =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) =>
    char.charCodeAt(0),
  );
const join = (...parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
};
const utf8 = (text: string) => new TextEncoder().encode(text);

async function hmac(key: Bytes, data: Bytes): Promise<Bytes> {
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    key,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, data));
}

/** RFC 5869 written out with HMAC, so the decryptor shares no key derivation with the code under test. */
async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, length: number) {
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, join(info, Uint8Array.of(1)))).slice(0, length);
}

/** A browser's side of a subscription: the test holds its private key and auth secret. */
async function browserSubscription(endpoint: string) {
  const pair = await crypto.subtle.generateKey(
    { name: "ECDH", namedCurve: "P-256" },
    true,
    ["deriveBits"],
  );
  const publicKey = new Uint8Array(
    await crypto.subtle.exportKey("raw", pair.publicKey),
  );
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    privateKey: pair.privateKey,
    publicKey,
    auth,
    json: { endpoint, keys: { p256dh: b64u(publicKey), auth: b64u(auth) } },
  };
}

type Browser = Awaited<ReturnType<typeof browserSubscription>>;

/** What the user agent does with a push body (RFC 8291 §3.4, RFC 8188 §2): the decryptor of these tests. */
async function decrypt(body: Bytes, browser: Browser): Promise<string> {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idLength = body[20];
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  expect(idLength).toBe(65);
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "ECDH", public: serverKey },
      browser.privateKey,
      256,
    ),
  );
  const ikm = await hkdf(
    browser.auth,
    ecdhSecret,
    join(utf8("WebPush: info\0"), browser.publicKey, serverPublic),
    32,
  );
  const cek = await hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: nonce },
      await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]),
      ciphertext,
    ),
  );
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  expect(plain[end]).toBe(2); // the last record's delimiter
  return new TextDecoder().decode(plain.slice(0, end));
}

const keys = () => vapidKeysFrom(env)!;

interface Delivered {
  url: string;
  headers: Headers;
  body: Bytes;
}

/** The push services these tests stand in for: real hosts of Google, Mozilla, Apple and Microsoft. */
const FCM = "https://fcm.googleapis.com/fcm/send/";
const MOZILLA = "https://updates.push.services.mozilla.com/wpush/v2/";
const APPLE = "https://web.push.apple.com/";
const WNS = "https://wns2-par02p.notify.windows.com/w/?token=";

/**
 * Outbound fetches, the Worker's boundary with the push services, answered here: every request is kept; an endpoint
 * whose path holds /gone/ answers 410 (the subscription has expired), /broken/ 500, /busy/ 429, /down/ fails as a
 * network error, any other 201. Nothing leaves the test.
 */
function stubPushService() {
  const delivered: Delivered[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    delivered.push({
      url: request.url,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    const path = new URL(request.url).pathname;
    if (path.includes("/down/")) throw new TypeError("Network connection lost");
    const status = path.includes("/gone/")
      ? 410
      : path.includes("/broken/")
        ? 500
        : path.includes("/busy/")
          ? 429
          : 201;
    return new Response(null, { status });
  });
  return delivered;
}

async function subscribe(player: Player, browser: Browser) {
  const { status } = await getJson(
    "/api/push/subscription",
    json("POST", browser.json, player.token),
  );
  expect(status).toBe(201);
}

const devices = (userId: number) =>
  env.DB.prepare("select endpoint from push_subscriptions where user_id = ?")
    .bind(userId)
    .all<{ endpoint: string }>()
    .then((result) => result.results.map((row) => row.endpoint));

const challengeNote = (
  userId: number,
  id: number,
  type: NotificationView["type"] = "challenge",
): NotificationView => ({
  _id: id,
  type,
  content: `Nora challenged you at Snake (challenge ${id})`,
  user: userId,
  notification_data: { challengeId: id, gameId: 1 },
  read: false,
  created_dt: new Date().toISOString(),
});

async function waitForDelivery(delivered: Delivered[], count: number) {
  await expect.poll(() => delivered.length, { timeout: 5000 }).toBe(count);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Web Push encryption (RFC 8291) and VAPID (RFC 8292)", () => {
  it("encrypts a payload the subscription's private key decrypts, with a VAPID token for the push service", async () => {
    const browser = await browserSubscription(
      "https://push.test/device/abc123",
    );
    const payload = JSON.stringify({
      kind: "messages",
      title: "Ava",
      body: "Rematch? 🐍",
      url: "/social?chat=7",
      tag: "chat-7",
    } satisfies PushMessage);
    const before = Math.floor(Date.now() / 1000);
    const request = await pushRequest(
      { endpoint: browser.json.endpoint, ...browser.json.keys },
      payload,
      keys(),
      { ttl: 120 },
    );

    expect(request.method).toBe("POST");
    expect(request.url).toBe("https://push.test/device/abc123");
    expect(request.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(request.headers.get("TTL")).toBe("120");
    const body = new Uint8Array(await request.arrayBuffer());
    expect(await decrypt(body, browser)).toBe(payload);

    const authorization = /^vapid t=([\w.-]+), k=([\w-]+)$/.exec(
      request.headers.get("Authorization") ?? "",
    );
    expect(authorization).not.toBeNull();
    const [, token, publicKey] = authorization!;
    expect(publicKey).toBe(env.VAPID_PUBLIC_KEY);
    const point = fromB64u(publicKey);
    const verifyKey = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: b64u(point.slice(1, 33)),
        y: b64u(point.slice(33)),
      },
      "ES256",
    );
    const { payload: claims, protectedHeader } = await jwtVerify(
      token,
      verifyKey,
      { audience: "https://push.test" },
    );
    expect(protectedHeader.alg).toBe("ES256");
    expect(claims.sub).toBe("mailto:push-test@playfeed.test");
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(before + 24 * 60 * 60);
  });

  it("refuses a subscription whose keys are not a P-256 point and a 16-byte secret", async () => {
    await expect(
      pushRequest(
        { endpoint: "https://push.test/x", p256dh: "AAAA", auth: "AAAA" },
        "{}",
        keys(),
        { ttl: 60 },
      ),
    ).rejects.toThrow("wrong length");
  });
});

describe("push subscriptions", () => {
  it("validates a subscription: https endpoint, bounded base64url keys, a session", async () => {
    const player = await newPlayer("Pia Push");
    const browser = await browserSubscription(`${FCM}device-v1`);
    const post = (body: unknown, token?: string) =>
      getJson<{ error: { message: string } }>(
        "/api/push/subscription",
        json("POST", body, token),
      );
    expect((await post(browser.json)).status).toBe(401);
    const insecure = await post(
      {
        ...browser.json,
        endpoint: "http://fcm.googleapis.com/fcm/send/device-v1",
      },
      player.token,
    );
    expect(insecure.status).toBe(400);
    expect(insecure.body.error.message).toBe(
      "The push endpoint must use https",
    );
    const long = await post(
      {
        ...browser.json,
        endpoint: `${FCM}${"a".repeat(1100)}`,
      },
      player.token,
    );
    expect(long.body.error.message).toBe("The push endpoint is too long");
    const badKey = await post(
      { ...browser.json, keys: { p256dh: "not base64!", auth: "x" } },
      player.token,
    );
    expect(badKey.status).toBe(400);
    await subscribe(player, browser);
    await subscribe(player, browser);
    expect(await devices(player.userId)).toEqual([browser.json.endpoint]);

    // The same device signed in as someone else moves to them.
    const other = await newPlayer("Otto Push");
    await subscribe(other, browser);
    expect(await devices(player.userId)).toEqual([]);
    expect(await devices(other.userId)).toEqual([browser.json.endpoint]);

    const removed = await getJson(
      "/api/push/subscription",
      json("DELETE", { endpoint: browser.json.endpoint }),
    );
    expect(removed.status).toBe(200);
    expect(await devices(other.userId)).toEqual([]);
  });

  it("refuses any endpoint that is not a browser's push service, each with its reason", async () => {
    // Each refusal counts against the hourly limit of 20: two players share the probes.
    const probers = [await newPlayer("Sid Ssrf"), await newPlayer("Sia Ssrf")];
    const browser = await browserSubscription(`${FCM}device-ssrf`);
    const refused = {
      "https://127.0.0.1:8787/internal/admin?x=1": "port",
      "https://user:pass@127.0.0.1/x": "credentials",
      "https://[::1]/x": "ipAddress",
      "https://169.254.169.254/latest/meta-data/": "ipAddress",
      "https://10.0.0.1/x": "ipAddress",
      "https://2130706433/": "ipAddress",
      "https://0x7f000001/": "ipAddress",
      "https://[::ffff:127.0.0.1]/": "ipAddress",
      "https://127.1/": "ipAddress",
      "https://0177.0.0.1/": "ipAddress",
      "https://[::ffff:7f00:1]/": "ipAddress",
      "https://127.0.0.1#@fcm.googleapis.com/": "ipAddress",
      "https://127.0.0.1\\@fcm.googleapis.com/": "ipAddress",
      "https://fcm.googleapis.com@127.0.0.1/": "credentials",
      "https://fcm.googleapis.com%2f@127.0.0.1/": "credentials",
      "https://fcm.googleapis.com%00.evil.com/": "notUrl",
      "https://fcm.googleapis.com:8443/fcm/send/x": "port",
      "https://fcm.googleapis.com./fcm/send/x": "notPushService",
      "https://fcm.googleapis.com.evil.com/fcm/send/x": "notPushService",
      "https://evil.com/fcm.googleapis.com": "notPushService",
      "https://evilpush.apple.com/x": "notPushService",
      "https://notify.windows.com.evil.com/x": "notPushService",
      "https://localhost/x": "notPushService",
      "http://fcm.googleapis.com/fcm/send/x": "notHttps",
      "fcm.googleapis.com/fcm/send/x": "notUrl",
    } as const;
    for (const [index, [endpoint, reason]] of Object.entries(
      refused,
    ).entries()) {
      const answer = await getJson<{ error: { message: string } }>(
        "/api/push/subscription",
        json("POST", { ...browser.json, endpoint }, probers[index % 2].token),
      );
      expect({ endpoint, status: answer.status }).toEqual({
        endpoint,
        status: 400,
      });
      expect(answer.body.error.message).toBe(PUSH_ENDPOINT_MESSAGES[reason]);
    }
    for (const prober of probers)
      expect(await devices(prober.userId)).toEqual([]);

    const accepted = [
      `${FCM}dQw4w9WgXcQ:APA91bH`,
      "https://android.googleapis.com/gcm/send/dQw4w9WgXcQ:APA91bH",
      `${MOZILLA}gAAAAABkZ`,
      "https://web.push.apple.com/QGuQyavXutnMHkthj3bXYQ",
      `${WNS}AwYAAABkZ%2bQ`,
      // The URL parser lowers the case and decodes the host: both name FCM itself.
      "https://FCM.googleapis.com/fcm/send/upper",
      "https://%66cm.googleapis.com/fcm/send/encoded",
    ];
    // Refused subscriptions count against the hourly limit too: the accepted ones are another player's.
    const owner = await newPlayer("Ada Accepted");
    for (const endpoint of accepted)
      await subscribe(owner, {
        ...browser,
        json: { ...browser.json, endpoint },
      });
    expect((await devices(owner.userId)).sort()).toEqual([...accepted].sort());
  });

  it("keeps at most 10 devices a player: the 11th drops the oldest, and racing ones never leave more", async () => {
    const player = await newPlayer("Dee Devices");
    const browsers = await Promise.all(
      Array.from({ length: MAX_PUSH_DEVICES + 1 }, (_, index) =>
        browserSubscription(`${FCM}device-${index}`),
      ),
    );
    for (const browser of browsers.slice(0, MAX_PUSH_DEVICES))
      await subscribe(player, browser);
    expect(await devices(player.userId)).toHaveLength(MAX_PUSH_DEVICES);
    await subscribe(player, browsers[MAX_PUSH_DEVICES]);
    const kept = await devices(player.userId);
    expect(kept).toHaveLength(MAX_PUSH_DEVICES);
    expect(kept).not.toContain(browsers[0].json.endpoint);
    expect(kept).toContain(browsers[MAX_PUSH_DEVICES].json.endpoint);

    const racer = await newPlayer("Rex Racer");
    const racing = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        browserSubscription(`${MOZILLA}racing-${index}`),
      ),
    );
    await Promise.all(racing.map((browser) => subscribe(racer, browser)));
    expect(await devices(racer.userId)).toHaveLength(MAX_PUSH_DEVICES);
  });

  it("keeps each kind's toggle on the server, all on until turned off", async () => {
    const player = await newPlayer("Tia Toggle");
    const read = () =>
      getJson<Record<string, boolean>>(
        "/api/push/preferences",
        json("GET", undefined, player.token),
      );
    expect((await read()).body).toEqual({
      challenges: true,
      challenge_updates: true,
      invitations: true,
      messages: true,
    });
    const off = {
      challenges: false,
      challenge_updates: true,
      invitations: false,
      messages: true,
    };
    expect(
      (await getJson("/api/push/preferences", json("PUT", off, player.token)))
        .status,
    ).toBe(200);
    expect((await read()).body).toEqual(off);
    const bad = await getJson(
      "/api/push/preferences",
      json("PUT", { challenges: "no" }, player.token),
    );
    expect(bad.status).toBe(400);
  });
});

describe("sending pushes", () => {
  let delivered: Delivered[];
  beforeEach(() => {
    delivered = stubPushService();
  });

  it("drops a subscription the push service answers 410 for, and keeps the others", async () => {
    const player = await newPlayer("Gus Gone");
    const gone = await browserSubscription(`${FCM}gone/old-phone`);
    const live = await browserSubscription(`${MOZILLA}device-laptop`);
    await subscribe(player, gone);
    await subscribe(player, live);

    await hubOf(env, player.userId).push({
      event: "new_challenge",
      data: challengeNote(player.userId, 9001),
    });
    await waitForDelivery(delivered, 2);
    await expect
      .poll(() => devices(player.userId))
      .toEqual([live.json.endpoint]);
    const toLaptop = delivered.find((d) => d.url === live.json.endpoint)!;
    expect(JSON.parse(await decrypt(toLaptop.body, live))).toEqual({
      kind: "challenges",
      title: "New challenge",
      body: "Nora challenged you at Snake (challenge 9001)",
      url: "/challenge/9001",
      tag: "challenge-9001",
    });
  });

  it("calls a failing device once, skips it on the next events, and drops a row that is not a push service's", async () => {
    const player = await newPlayer("Fay Failing");
    const broken = await browserSubscription(`${FCM}broken/phone`);
    const down = await browserSubscription(`${MOZILLA}down/tablet`);
    const busy = await browserSubscription(`${APPLE}busy/mac`);
    const live = await browserSubscription(`${WNS}live-pc`);
    for (const browser of [broken, down, busy, live])
      await subscribe(player, browser);
    // A row stored before endpoints were checked: it must never be fetched.
    await env.DB.prepare(
      "insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (?, ?, ?, ?)",
    )
      .bind(
        player.userId,
        "https://127.0.0.1:9/internal/admin",
        live.json.keys.p256dh,
        live.json.keys.auth,
      )
      .run();
    const service = createPushService(createDb(env.DB), keys());
    const message: PushMessage = {
      kind: "messages",
      title: "t",
      body: "b",
      url: "/social",
      tag: "chat-1",
    };
    const calls = (endpoint: string) =>
      delivered.filter((d) => d.url === endpoint).length;

    expect(await service.send(player.userId, message)).toBe(1);
    expect(delivered.map((d) => d.url).sort()).toEqual(
      [broken, down, busy, live].map((b) => b.json.endpoint).sort(),
    );
    expect(await devices(player.userId)).not.toContain(
      "https://127.0.0.1:9/internal/admin",
    );

    expect(await service.send(player.userId, message)).toBe(1);
    expect(await service.send(player.userId, message)).toBe(1);
    expect(calls(broken.json.endpoint)).toBe(1);
    expect(calls(down.json.endpoint)).toBe(1);
    // 429 asks us to slow down; the device is not broken, so it is tried again.
    expect(calls(busy.json.endpoint)).toBe(3);
    expect(calls(live.json.endpoint)).toBe(3);

    // A day later a failed device is tried once more; subscribing again makes it due at once.
    await env.DB.prepare(
      "update push_subscriptions set failed_at = failed_at - ? where endpoint = ?",
    )
      .bind(24 * 60 * 60 * 1000 + 1, broken.json.endpoint)
      .run();
    await subscribe(player, down);
    await service.send(player.userId, message);
    expect(calls(broken.json.endpoint)).toBe(2);
    expect(calls(down.json.endpoint)).toBe(2);
    await service.send(player.userId, message);
    expect(calls(broken.json.endpoint)).toBe(2);
    expect(calls(down.json.endpoint)).toBe(2);
    expect(delivered.some((d) => new URL(d.url).hostname === "127.0.0.1")).toBe(
      false,
    );
  });

  it("sends nothing for a kind the player turned off", async () => {
    const player = await newPlayer("Mo Muted");
    const browser = await browserSubscription(`${APPLE}device-mo`);
    await subscribe(player, browser);
    await getJson(
      "/api/push/preferences",
      json(
        "PUT",
        {
          challenges: false,
          challenge_updates: true,
          invitations: true,
          messages: true,
        },
        player.token,
      ),
    );
    const service = createPushService(createDb(env.DB), keys());
    const message = (kind: PushMessage["kind"]): PushMessage => ({
      kind,
      title: "t",
      body: "b",
      url: "/notifications",
      tag: kind,
    });
    expect(await service.send(player.userId, message("challenges"))).toBe(0);
    expect(delivered).toHaveLength(0);
    expect(
      await service.send(player.userId, message("challenge_updates")),
    ).toBe(1);
    expect(delivered).toHaveLength(1);

    // Through the hub: the muted challenge goes nowhere, the accepted one after it arrives.
    await hubOf(env, player.userId).push({
      event: "new_challenge",
      data: challengeNote(player.userId, 9101),
    });
    await hubOf(env, player.userId).push({
      event: "notification",
      data: challengeNote(player.userId, 9102, "challenge_accepted"),
    });
    await waitForDelivery(delivered, 2);
    const pushed = JSON.parse(
      await decrypt(delivered[1].body, browser),
    ) as PushMessage;
    expect(pushed).toMatchObject({
      kind: "challenge_updates",
      title: "Challenge accepted",
      url: "/notifications",
    });
  });

  it("pushes nothing while the player has a socket open, and a friend's message once they have none", async () => {
    const [sender, player] = [
      await newPlayer("Sam Sender"),
      await newPlayer("Rui Reader"),
    ];
    await makeFriends(sender, player);
    const browser = await browserSubscription(`${WNS}device-rui`);
    await subscribe(player, browser);

    const open = await connect(player);
    await hubOf(env, player.userId).push({
      event: "new_challenge",
      data: challengeNote(player.userId, 9201),
    });
    await open.next("new_challenge");
    open.socket.close(1000, "done");
    await expect
      .poll(() => hubOf(env, player.userId).connectionCount())
      .toBe(0);

    const talking = await connect(sender);
    talking.send({
      event: "new_message",
      id: "m1",
      data: { to: player.userId, content: "Your turn!", msg_id: "msg-push-1" },
    });
    await waitForDelivery(delivered, 1);
    expect(JSON.parse(await decrypt(delivered[0].body, browser))).toEqual({
      kind: "messages",
      title: "Sam Sender",
      body: "Your turn!",
      url: `/social?chat=${sender.userId}`,
      tag: `chat-${sender.userId}`,
    });
    expect(delivered[0].headers.get("Urgency")).toBe("normal");
    talking.socket.close(1000, "done");
  });
});
