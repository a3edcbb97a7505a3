import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  ApiErrorBody,
  ApiSignedIn,
  PublicProfile,
  UserData,
} from "#contract/types";
import { MESSAGES } from "#contract/validation";
import { getJson, json, request, seed, tokenFor, validSignUp } from "./helpers";

type ErrorWithFields = ApiErrorBody & {
  error: { fields?: Record<string, string> };
};

beforeAll(seed);
// Every request here comes from one address; each test starts with a clean failure count.
beforeEach(() => env.DB.prepare("delete from login_attempts").run());

describe("POST /api/user (sign-up)", () => {
  it("creates the account and returns the user and a working token", async () => {
    const payload = validSignUp({
      email: "Nora.Quinn@Example.com",
      gender: "transgender",
    });
    const { status, body } = await getJson<ApiSignedIn>(
      "/api/user",
      json("POST", payload),
    );
    expect(status).toBe(201);
    expect(body.user).toMatchObject({
      name: "Nora Quinn",
      first_name: "Nora",
      email: "nora.quinn@example.com",
      gender: "others",
      phone_number: "9876501234",
      wallet: 0,
      can_write: false,
      // Signed in and never collected: the daily bonus waits on its first card.
      login_day: 0,
      daily_bonus_status: 0,
      token: body.token,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toContain("Secret@123");
    const me = await getJson<UserData>("/api/user/me", {
      headers: { Authorization: `Bearer ${body.token}` },
    });
    expect(me.body.email).toBe("nora.quinn@example.com");
    const stored = await env.DB.prepare(
      "select token_hash from sessions where user_id = ?",
    )
      .bind(body.user._id)
      .first<string>("token_hash");
    expect(stored).not.toBe(body.token);
  });

  it("answers a taken email with 409 and the SPEC message, creating nothing", async () => {
    const before = await env.DB.prepare(
      "select count(*) n from users",
    ).first<number>("n");
    const { status, body } = await getJson<ApiErrorBody>(
      "/api/user",
      json("POST", validSignUp({ email: "AVA@playfeed.local" })),
    );
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: "email_taken",
      message: "Already email exist please use another email",
    });
    expect(
      await env.DB.prepare("select count(*) n from users").first<number>("n"),
    ).toBe(before);
  });

  it.each([
    ["name", "", MESSAGES.nameRequired],
    [
      "name",
      "Nora  Quinn",
      "Special characters are not allowed in the name field value",
    ],
    [
      "name",
      "Nora<script>",
      "Special characters are not allowed in the name field value",
    ],
    ["email", "", MESSAGES.emailRequired],
    ["email", "nora@", "Please enter valid email"],
    ["phone_number", "", MESSAGES.phoneRequired],
    ["phone_number", "1234567890", "Please enter the valid phone number"],
    ["Pwd_Hash", "", MESSAGES.passwordRequired],
    ["Pwd_Hash", "weakpass", MESSAGES.strongerPassword],
    ["gender", "robot", MESSAGES.genderRequired],
    ["address", "ab", "Address minimum 3 characters"],
    ["address", "x".repeat(256), "Address maximum 256 characters"],
  ])("refuses %s = %j with its message", async (field, value, message) => {
    const { status, body } = await getJson<ErrorWithFields>(
      "/api/user",
      json("POST", validSignUp({ [field]: value })),
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation");
    expect(body.error.fields?.[field]).toBe(message);
  });

  it("reports every missing field at once, and a body that is not JSON", async () => {
    const { body } = await getJson<ErrorWithFields>(
      "/api/user",
      json("POST", {}),
    );
    expect(body.error.fields).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailRequired,
      phone_number: MESSAGES.phoneRequired,
      Pwd_Hash: MESSAGES.passwordRequired,
      gender: MESSAGES.genderRequired,
    });
    const notJson = await getJson<ApiErrorBody>(
      "/api/user",
      json("POST", "{not json"),
    );
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toBe("The request body must be JSON");
  });
});

describe("POST /api/user/login", () => {
  it("logs in with the right password", async () => {
    const { status, body } = await getJson<ApiSignedIn>(
      "/api/user/login",
      json("POST", { email: "Ben@playfeed.local", password: "Player@2026" }),
    );
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      email: "ben@playfeed.local",
      name: "Ben Carter",
      token: body.token,
    });
  });

  it.each([
    ["a wrong password", "ben@playfeed.local", "Wrong@2026"],
    ["an unknown email", "nobody@playfeed.local", "Player@2026"],
  ])(
    "answers %s with 401 and the SPEC message",
    async (_case, email, password) => {
      const { status, body } = await getJson<ApiErrorBody>(
        "/api/user/login",
        json("POST", { email, password }),
      );
      expect(status).toBe(401);
      expect(body.error).toEqual({
        code: "invalid_credentials",
        message: "Enter Valid Email Id or Password",
      });
    },
  );

  it("asks for both fields with the login form's messages", async () => {
    const { status, body } = await getJson<ErrorWithFields>(
      "/api/user/login",
      json("POST", { email: "", password: "" }),
    );
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      email: "Please enter your email",
      password: "Please enter password",
    });
  });

  it("locks an email out after 5 failures in 15 minutes, even for the right password", async () => {
    const email = "writer@playfeed.local";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (
          await getJson(
            "/api/user/login",
            json("POST", { email, password: "Wrong@2026" }),
          )
        ).status,
      ).toBe(401);
    }
    const locked = await getJson<ApiErrorBody>(
      "/api/user/login",
      json("POST", { email, password: "Writer@2026" }),
    );
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe(
      "Too many failed log-ins. Please try again in 15 minutes.",
    );
    // Once the window has passed, the right password works again.
    await env.DB.prepare(
      "update login_attempts set created_at = created_at - 16 * 60 * 1000 where email = ?",
    )
      .bind(email)
      .run();
    expect(
      (
        await getJson(
          "/api/user/login",
          json("POST", { email, password: "Writer@2026" }),
        )
      ).status,
    ).toBe(200);
  });

  it("locks an address out after 5 failures across emails", async () => {
    const fromAddress = (email: string, password = "Wrong@2026") => {
      const init = json("POST", { email, password });
      return getJson<ApiErrorBody>("/api/user/login", {
        ...init,
        headers: { ...init.headers, "CF-Connecting-IP": "203.0.113.9" },
      });
    };
    for (let i = 0; i < 5; i++)
      expect((await fromAddress(`guess${i}@example.com`)).status).toBe(401);
    expect(
      (await fromAddress("ava@playfeed.local", "Player@2026")).status,
    ).toBe(429);
  });
});

describe("sessions", () => {
  it("GET /api/user/me is 401 without a session", async () => {
    const { status, body } = await getJson<ApiErrorBody>("/api/user/me");
    expect(status).toBe(401);
    expect(body.error.code).toBe("unauthorized");
  });

  it("log-out revokes the token on the server", async () => {
    const { token } = await tokenFor("ava@playfeed.local");
    const auth = { Authorization: `Bearer ${token}` };
    expect((await request("/api/user/me", { headers: auth })).status).toBe(200);
    expect(
      (await request("/api/user/logout", { method: "POST", headers: auth }))
        .status,
    ).toBe(204);
    expect((await request("/api/user/me", { headers: auth })).status).toBe(401);
  });

  it("an expired session no longer works", async () => {
    const { token, userId } = await tokenFor("ben@playfeed.local");
    await env.DB.prepare("update sessions set expires_at = 0 where user_id = ?")
      .bind(userId)
      .run();
    expect(
      (
        await request("/api/user/me", {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(401);
  });

  it("POST /api/session records the socket for the caller's own session only", async () => {
    const ava = await tokenFor("ava@playfeed.local");
    const ok = await getJson(
      "/api/session",
      json(
        "POST",
        { user: ava.userId, socket: "tab-1", token: ava.token },
        ava.token,
      ),
    );
    expect(ok.status).toBe(200);
    const socket = await env.DB.prepare(
      "select socket from sessions where user_id = ? and socket is not null",
    )
      .bind(ava.userId)
      .first<string>("socket");
    expect(socket).toBe("tab-1");

    const ben = await tokenFor("ben@playfeed.local");
    const other = await getJson<ApiErrorBody>(
      "/api/session",
      json(
        "POST",
        { user: ben.userId, socket: "x", token: ben.token },
        ava.token,
      ),
    );
    expect(other.status).toBe(403);
    expect(
      (
        await getJson(
          "/api/session",
          json("POST", { user: ava.userId, socket: "x", token: ava.token }),
        )
      ).status,
    ).toBe(401);
  });

  it("POST /api/session from a page without the token updates the session of the request's cookie", async () => {
    const ava = await tokenFor("ava@playfeed.local");
    const cookie = {
      Cookie: `pf_session=${ava.token}`,
      Origin: "https://playfeed.test",
      "Content-Type": "application/json",
    };
    const post = (body: unknown) =>
      request("/api/session", {
        method: "POST",
        headers: cookie,
        body: JSON.stringify(body),
      });
    expect((await post({ user: ava.userId, socket: "page-tab" })).status).toBe(
      200,
    );
    const socket = await env.DB.prepare(
      "select socket from sessions where user_id = ? and socket = 'page-tab'",
    )
      .bind(ava.userId)
      .first("socket");
    expect(socket).toBe("page-tab");
    // A token that is named must still be the request's own.
    const other = await tokenFor("ava@playfeed.local");
    expect(
      (await post({ user: ava.userId, socket: "x", token: other.token }))
        .status,
    ).toBe(403);
  });
});

describe("profiles", () => {
  it("GET /api/user/profile/:id shows only public fields", async () => {
    const { userId } = await tokenFor("ava@playfeed.local");
    const { status, body } = await getJson<PublicProfile>(
      `/api/user/profile/${userId}`,
    );
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      "_id",
      "first_name",
      "name",
      "profile_img",
      "profile_pic",
    ]);
    expect(JSON.stringify(body)).not.toMatch(
      /playfeed\.local|9123456780|pbkdf2/,
    );
    expect((await request("/api/user/profile/99999")).status).toBe(404);
    expect((await request("/api/user/profile/me")).status).toBe(400);
  });

  const profile = (overrides: Record<string, unknown> = {}) => ({
    name: "Ava Stone-Lee",
    phone_number: "9000000001",
    address: "5 New Street, Leeds",
    gender: "female",
    profile_img: null,
    ...overrides,
  });

  it("PUT /api/user/profile changes the caller's own profile", async () => {
    const { token, userId } = await tokenFor("ava@playfeed.local");
    const { status, body } = await getJson<UserData>(
      "/api/user/profile",
      json("PUT", profile({ _id: userId }), token),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: userId,
      name: "Ava Stone-Lee",
      first_name: "Ava",
      phone_number: "9000000001",
      address: "5 New Street, Leeds",
    });
  });

  it("refuses another user's profile (403), an anonymous call (401) and bad fields (400)", async () => {
    const ava = await tokenFor("ava@playfeed.local");
    const ben = await tokenFor("ben@playfeed.local");
    const forbidden = await getJson<ApiErrorBody>(
      "/api/user/profile",
      json("PUT", profile({ _id: ben.userId }), ava.token),
    );
    expect(forbidden.status).toBe(403);
    const benName = await env.DB.prepare("select name from users where id = ?")
      .bind(ben.userId)
      .first<string>("name");
    expect(benName).toBe("Ben Carter");

    expect(
      (await getJson("/api/user/profile", json("PUT", profile()))).status,
    ).toBe(401);

    const invalid = await getJson<ErrorWithFields>(
      "/api/user/profile",
      json(
        "PUT",
        { name: "", phone_number: "", address: "", gender: "male" },
        ava.token,
      ),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({
      name: "Please enter name",
      phone_number: "Please enter phone number",
      address: "Please enter address",
    });
  });

  it("refuses a picture path that belongs to someone else", async () => {
    const ava = await tokenFor("ava@playfeed.local");
    const ben = await tokenFor("ben@playfeed.local");
    const response = await getJson<ApiErrorBody>(
      "/api/user/profile",
      json(
        "PUT",
        profile({ profile_img: `profile/${ben.userId}/x.png` }),
        ava.token,
      ),
    );
    expect(response.status).toBe(403);
  });
});

describe("cross-site writes", () => {
  it("refuses a write whose Origin is not ours, and allows our own", async () => {
    const foreign = await request("/api/user/login", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "https://evil.example",
      },
      body: JSON.stringify({
        email: "ava@playfeed.local",
        password: "Player@2026",
      }),
    });
    expect(foreign.status).toBe(403);
    const own = await request("/api/user/login", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "https://playfeed.test",
      },
      body: JSON.stringify({
        email: "ben@playfeed.local",
        password: "Player@2026",
      }),
    });
    expect(own.status).toBe(200);
    const remixAction = await request("/auth/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(remixAction.status).toBe(403);
  });
});

describe("page log-in and sign-up (the /login and /registration route actions)", () => {
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return {
      method: "POST",
      body,
      redirect: "manual" as const,
      // Remix compares Origin with Host before it runs a page's action.
      headers: { Origin: "https://playfeed.test", Host: "playfeed.test" },
    };
  };
  const sessionCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith("pf_session="));

  it("log-in sets an httpOnly, SameSite=Lax, Secure session cookie that pages and the API accept", async () => {
    const response = await request(
      "/login",
      form({
        email: "ava@playfeed.local",
        password: "Player@2026",
        redirectTo: "/likes",
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/likes");
    // The session's cookie (a write also hands back the database session's bookmark, workers/d1-session.ts).
    const cookie = sessionCookieOf(response)!;
    expect(cookie).toMatch(
      /^pf_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
    );
    const sessionCookie = cookie.split(";")[0];
    // The fetcher's answer (the popup's) carries the user for userData, never the token: that lives only in the cookie.
    const inPlace = await request(
      "/login.data",
      form({
        email: "ava@playfeed.local",
        password: "Player@2026",
        inPlace: "1",
      }),
    );
    expect(inPlace.status).toBe(200);
    expect(sessionCookieOf(inPlace)).toMatch(/HttpOnly/);
    const answer = await inPlace.text();
    expect(answer).toContain("ava@playfeed.local");
    expect(answer).not.toContain(
      sessionCookieOf(inPlace)!.split(";")[0].split("=")[1],
    );
    const me = await request("/api/user/me", {
      headers: { Cookie: sessionCookie },
    });
    expect(await me.text()).not.toContain(sessionCookie.split("=")[1]);
    expect(
      (await request("/api/user/me", { headers: { Cookie: sessionCookie } }))
        .status,
    ).toBe(200);

    const logout = await request("/auth/logout", {
      method: "POST",
      headers: { Cookie: sessionCookie, Origin: "https://playfeed.test" },
    });
    expect(sessionCookieOf(logout)).toContain("Max-Age=0");
    expect(
      (await request("/api/user/me", { headers: { Cookie: sessionCookie } }))
        .status,
    ).toBe(401);
  });

  it("log-in failures come back with the API's status and message", async () => {
    const wrong = await request(
      "/login",
      form({ email: "ava@playfeed.local", password: "Nope@2026" }),
    );
    expect(wrong.status).toBe(401);
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(await wrong.text()).toContain("Enter Valid Email Id or Password");
    const empty = await request("/login", form({ email: "", password: "" }));
    expect(empty.status).toBe(400);
  });

  it("sign-up creates the account and signs the page in", async () => {
    const fields = Object.fromEntries(
      Object.entries(validSignUp()).map(([key, value]) => [key, String(value)]),
    );
    const response = await request(
      "/registration.data",
      form({ ...fields, inPlace: "1" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toContain("HttpOnly");
    const answer = await response.text();
    expect(answer).toContain(fields.email);
    expect(answer).not.toContain(
      sessionCookieOf(response)!.split(";")[0].split("=")[1],
    );
    const taken = await request("/registration", form(fields));
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(
      "Already email exist please use another email",
    );
  });
});
