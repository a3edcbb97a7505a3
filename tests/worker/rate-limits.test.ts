import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#contract/types";
import {
  MAX_FAILED_LOGINS,
  RATE_LIMITS,
  STORAGE_QUOTA_BYTES,
  addressBlock,
  type RateLimitName,
} from "../../workers/services/rate-limits";
import {
  BASE,
  from,
  getJson,
  json,
  newPlayer,
  request,
  seed,
  testAddress,
  validSignUp,
  type Player,
  roomInWindow,
} from "./helpers";

beforeAll(seed);

// Each test sends a limit's worth of requests, on two shared cores.
const SLOW = { timeout: 60_000 };

type Answer = { status: number; body: ApiErrorBody; response: Response };

/** A 429 of this limit: the project's error, a message a person can act on, and Retry-After within the window. */
function expectLimited(answer: Answer, name: RateLimitName) {
  const { tooMany, windowMs } = RATE_LIMITS[name];
  expect(answer.status).toBe(429);
  expect(answer.body.error.code).toBe("rate_limited");
  expect(
    answer.body.error.message.startsWith(`${tooMany} Please try again in `),
  ).toBe(true);
  expect(answer.body.error.message).toMatch(
    / in \d+ (second|minute|hour)s?\.$/,
  );
  const retryAfter = Number(answer.response.headers.get("Retry-After"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

/** Sends `limit` requests, none refused, then one more, refused with this limit's 429. */
async function expectLimitHolds(
  name: RateLimitName,
  send: () => Promise<Answer>,
  limit: number = RATE_LIMITS[name].limit,
) {
  roomInWindow(RATE_LIMITS[name].windowMs);
  for (let i = 0; i < limit; i++) expect((await send()).status).not.toBe(429);
  expectLimited(await send(), name);
}

const bearer = (player: Player): RequestInit => ({
  headers: { Authorization: `Bearer ${player.token}` },
});
const post = (path: string, body: unknown, player: Player) =>
  getJson<ApiErrorBody>(path, json("POST", body, player.token));

describe("log-in", () => {
  const logIn = (email: string, address: string, password = "Wrong@2026") =>
    getJson<ApiErrorBody>(
      "/api/user/login",
      from(address, json("POST", { email, password })),
    );
  const attemptsFor = async (column: "email" | "ip", value: string) =>
    (await env.DB.prepare(
      `select count(*) as n from login_attempts where ${column} = ?`,
    )
      .bind(value)
      .first<number>("n"))!;

  function expectFiveChecked(answers: Answer[]) {
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      MAX_FAILED_LOGINS,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      answers.length - MAX_FAILED_LOGINS,
    );
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error).toEqual({
      code: "rate_limited",
      message: "Too many failed log-ins. Please try again in 15 minutes.",
    });
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(
      14 * 60,
    );
  }

  it(
    "checks at most 5 passwords of 100 concurrent guesses for one email, each from its own address",
    SLOW,
    async () => {
      const email = "ben@playfeed.local";
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => logIn(email, testAddress())),
      );
      expectFiveChecked(answers);
      expect(await attemptsFor("email", email)).toBe(MAX_FAILED_LOGINS);
      // Another account is not locked by it.
      expect(
        (await logIn("ava@playfeed.local", testAddress(), "Player@2026"))
          .status,
      ).toBe(200);
    },
  );

  it(
    "checks at most 5 passwords of 100 concurrent guesses from one address, across emails",
    SLOW,
    async () => {
      const address = testAddress();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          logIn(`guess${i}@example.com`, address),
        ),
      );
      expectFiveChecked(answers);
      expect(await attemptsFor("ip", address)).toBe(MAX_FAILED_LOGINS);
      expect((await logIn("guess0@example.com", testAddress())).status).toBe(
        401,
      );
    },
  );

  it(
    "says the same through the login page, with Retry-After",
    SLOW,
    async () => {
      const address = testAddress();
      for (let i = 0; i < MAX_FAILED_LOGINS; i++)
        expect((await logIn(`page${i}@example.com`, address)).status).toBe(401);
      const form = new URLSearchParams({
        email: "ava@playfeed.local",
        password: "Player@2026",
      });
      const page = await request(
        "/login",
        from(address, {
          method: "POST",
          body: form,
          headers: { Origin: BASE, Host: new URL(BASE).host },
        }),
      );
      expect(page.status).toBe(429);
      expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
      expect(await page.text()).toContain(
        "Too many failed log-ins. Please try again in 15 minutes.",
      );
    },
  );
});

describe("sign-up and Google sign-in, per address", () => {
  it(
    `allows ${RATE_LIMITS.signUpPerAddress.limit} sign-ups an hour from one address, through the API and the page`,
    SLOW,
    async () => {
      const address = testAddress();
      await expectLimitHolds("signUpPerAddress", () =>
        getJson("/api/user", from(address, json("POST", validSignUp()))),
      );
      const form = new URLSearchParams(Object.entries(validSignUp()));
      const page = await request(
        "/registration",
        from(address, {
          method: "POST",
          body: form,
          headers: { Origin: BASE, Host: new URL(BASE).host },
        }),
      );
      // The page says it above the button, with the API's words and Retry-After.
      const { tooMany, windowMs } = RATE_LIMITS.signUpPerAddress;
      expect(page.status).toBe(429);
      expect(await page.text()).toMatch(
        new RegExp(
          `${tooMany} Please try again in \\d+ (second|minute|hour)s?\\.`,
        ),
      );
      const retryAfter = Number(page.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
      expect(
        (
          await getJson(
            "/api/user",
            from(testAddress(), json("POST", validSignUp())),
          )
        ).status,
      ).toBe(201);
    },
  );

  it(
    "limits Google sign-ins per address before looking at the token",
    SLOW,
    async () => {
      const address = testAddress();
      const google = (from_: string) =>
        getJson<ApiErrorBody>(
          "/api/user/login/google",
          from(from_, json("POST", { credential: "x".repeat(40) })),
        );
      await expectLimitHolds("googleLogInPerAddress", () => google(address));
      expect((await google(testAddress())).status).toBe(401);
    },
  );
});

describe("per user", () => {
  it("limits follows", SLOW, async () => {
    const [me, other] = [
      await newPlayer("Follow Fan"),
      await newPlayer("Calm Cal"),
    ];
    const ava = (await env.DB.prepare(
      "select id from users where email = 'ava@playfeed.local'",
    ).first<number>("id"))!;
    await expectLimitHolds("followPerUser", () =>
      post("/api/social/follow", { from: me.userId, to: ava }, me),
    );
    expect(
      (await post("/api/social/follow", { from: other.userId, to: ava }, other))
        .status,
    ).toBe(200);
  });

  it("limits Find People searches", SLOW, async () => {
    const [me, other] = [
      await newPlayer("Search Sam"),
      await newPlayer("Quiet Quinn"),
    ];
    const search = (player: Player) =>
      getJson<ApiErrorBody>(
        `/api/social/find/${player.userId}?q=a`,
        bearer(player),
      );
    await expectLimitHolds("searchPerUser", () => search(me));
    expect((await search(other)).status).toBe(200);
  });

  it("limits reports, counting refused ones too", SLOW, async () => {
    const [me, other] = [
      await newPlayer("Report Rae"),
      await newPlayer("Kind Kim"),
    ];
    await expectLimitHolds("reportPerUser", () =>
      post("/api/social/report", {}, me),
    );
    expect((await post("/api/social/report", {}, other)).status).toBe(400);
  });

  it("limits challenge creation", SLOW, async () => {
    const [me, other] = [
      await newPlayer("Dare Dev"),
      await newPlayer("Shy Sue"),
    ];
    await expectLimitHolds("challengePerUser", () =>
      post("/api/challenge", {}, me),
    );
    expect((await post("/api/challenge", {}, other)).status).toBe(400);
  });
});

describe("rounds sent to be scored", () => {
  it(
    "limits scores per address across accounts, counting refused ones, before any replay",
    SLOW,
    async () => {
      const address = testAddress();
      const players = await Promise.all(
        Array.from({ length: 11 }, (_, i) => newPlayer(`Shared Net ${i}`)),
      );
      const game = (await env.DB.prepare(
        "select id from games where slug = 'snake'",
      ).first<number>("id"))!;
      let sent = 0;
      // Each player stays within their own 12 a minute; together they pass the address's 120.
      await expectLimitHolds("scoreSubmitPerAddress", () => {
        const player = players[Math.floor(sent++ / 11)];
        return getJson<ApiErrorBody>(
          "/api/scores",
          from(
            address,
            json(
              "POST",
              {
                score: 1,
                player_id: player.userId,
                game_id: game,
                stats_id: 999_999,
                log: "AQAA",
              },
              player.token,
            ),
          ),
        );
      });
      // Another address is not limited by it.
      const elsewhere = await getJson<ApiErrorBody>(
        "/api/scores",
        from(
          testAddress(),
          json(
            "POST",
            {
              score: 1,
              player_id: players[10].userId,
              game_id: game,
              stats_id: 999_999,
              log: "AQAA",
            },
            players[10].token,
          ),
        ),
      );
      expect(elsewhere.status).toBe(422);
    },
  );

  it("counts a network's visitor rounds by its IPv6 /64, and an IPv4 address by itself", () => {
    expect(addressBlock("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressBlock("2001:DB8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(addressBlock("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBlock("2001:0db8:0001:0002::")).toBe("2001:db8:1:2::/64");
    expect(addressBlock("::1")).toBe("0:0:0:0::/64");
    expect(addressBlock("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBlock("local")).toBe("local");
  });
});

describe("uploads", () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const png = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(PNG);
    return bytes;
  };
  const uploadUrl = (player: Player) =>
    getJson<ApiErrorBody & { url: string }>(
      "/api/media/upload-url",
      json(
        "POST",
        { mediaUploadType: "profile-image", fileName: "me.png" },
        player.token,
      ),
    );
  const put = async (url: string, size: number) => {
    const response = await request(new URL(url).pathname, {
      method: "PUT",
      body: png(size),
      headers: { "Content-Type": "image/png" },
    });
    return {
      status: response.status,
      body: await response.json<ApiErrorBody & { path: string }>(),
      response,
    };
  };

  it("limits upload addresses per minute and per day", SLOW, async () => {
    roomInWindow(RATE_LIMITS.uploadUrlPerUserDaily.windowMs);
    const [me, other] = [
      await newPlayer("Upload Una"),
      await newPlayer("Still Stan"),
    ];
    await expectLimitHolds("uploadUrlPerUser", () => uploadUrl(me));
    expect((await uploadUrl(other)).status).toBe(200);
    // A minute passes for each further ten, until the day's count is used up.
    const passMinute = () =>
      env.DB.prepare("update rate_limits set window_ends_at = 0 where key = ?")
        .bind(`uploadUrlPerUser:${me.userId}`)
        .run();
    for (
      let made = RATE_LIMITS.uploadUrlPerUser.limit;
      made < RATE_LIMITS.uploadUrlPerUserDaily.limit;
      made++
    ) {
      if (made % RATE_LIMITS.uploadUrlPerUser.limit === 0) await passMinute();
      expect((await uploadUrl(me)).status).toBe(200);
    }
    await passMinute();
    const refused = await uploadUrl(me);
    expectLimited(refused, "uploadUrlPerUserDaily");
  });

  it(
    "limits PUTs to upload addresses per address, before looking at the token",
    SLOW,
    async () => {
      const address = testAddress();
      const token = "A".repeat(43);
      const send = (from_: string) =>
        getJson<ApiErrorBody>(
          `/api/media/upload/${token}`,
          from(from_, { method: "PUT", body: new Uint8Array(PNG) }),
        );
      await expectLimitHolds("uploadPutPerAddress", () => send(address));
      expect((await send(testAddress())).status).toBe(404);
    },
  );

  it(
    "holds a user's stored pictures to the quota, even when uploads race",
    SLOW,
    async () => {
      const me = await newPlayer("Full Fran");
      // Earlier pictures leave 1,000 bytes of the quota.
      await env.DB.prepare(
        "insert into upload_tokens (token_hash, user_id, key, purpose, expires_at, used_at, bytes) values (?, ?, ?, 'profile-image', 0, 0, ?)",
      )
        .bind(
          `earlier-${me.userId}`,
          me.userId,
          `profile/${me.userId}/earlier.png`,
          STORAGE_QUOTA_BYTES - 1000,
        )
        .run();

      const { body: first } = await uploadUrl(me);
      const tooBig = await put(first.url, 1001);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.error).toEqual({
        code: "storage_full",
        message:
          "Your pictures have used all 20 MB of your storage, so this one cannot be added.",
      });

      // Two addresses, each picture fits alone, not both: exactly one lands.
      const { body: second } = await uploadUrl(me);
      const racing = await Promise.all(
        [first, second].map((address) => put(address.url, 600)),
      );
      expect(racing.map((answer) => answer.status).sort()).toEqual([201, 413]);
      const stored = await env.DB.prepare(
        "select sum(bytes) as total from upload_tokens where user_id = ?",
      )
        .bind(me.userId)
        .first<number>("total");
      expect(stored).toBe(STORAGE_QUOTA_BYTES - 400);
      const landed = racing.find((answer) => answer.status === 201)!;
      await (await env.MEDIA.get(landed.body.path))?.arrayBuffer();

      const fits = await put((await uploadUrl(me)).body.url, 400);
      expect(fits.status).toBe(201);
      await (await env.MEDIA.get(fits.body.path))?.arrayBuffer();
      const full = await uploadUrl(me);
      expect(full.status).toBe(413);
      expect(full.body.error.code).toBe("storage_full");
    },
  );
});

describe("analytics and game events", () => {
  it(
    "takes a page's events, and refuses an address that floods them",
    SLOW,
    async () => {
      const address = testAddress();
      const send = async (): Promise<Answer> => {
        const response = await request(
          "/api/events",
          from(address, json("POST", { name: "view_game_details" })),
        );
        return {
          status: response.status,
          body:
            response.status === 204
              ? ({} as ApiErrorBody)
              : await response.json<ApiErrorBody>(),
          response,
        };
      };
      // The clock stands still, so the window cannot turn over between the requests and the count set below.
      const { windowMs, limit } = RATE_LIMITS.eventsPerAddress;
      vi.useFakeTimers({
        toFake: ["Date"],
        now: Math.floor(Date.now() / windowMs) * windowMs + windowMs + 1000,
      });
      try {
        for (const answer of await Promise.all(
          Array.from({ length: 20 }, send),
        ))
          expect(answer.status).toBe(204);
        const counted = await env.DB.prepare(
          "select count from rate_limits where key = ?",
        )
          .bind(`eventsPerAddress:${address}`)
          .first<{ count: number }>();
        expect(counted?.count).toBe(20);
        // Sending the other 280 one by one takes over a minute on CI's cores: the window's count is set to one short.
        await env.DB.prepare("update rate_limits set count = ? where key = ?")
          .bind(limit - 1, `eventsPerAddress:${address}`)
          .run();
        expect((await send()).status).toBe(204);
        expectLimited(await send(), "eventsPerAddress");
      } finally {
        vi.useRealTimers();
      }
      // Another address is not held back.
      const other = await request(
        "/api/events",
        from(testAddress(), json("POST", { name: "view_game_details" })),
      );
      expect(other.status).toBe(204);
    },
  );
});
