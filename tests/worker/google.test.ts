import { env } from "cloudflare:workers";
import { SignJWT, generateKeyPair, importJWK, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody, UserData } from "#contract/types";
import { getJson, json, seed } from "./helpers";

beforeAll(seed);

const CLIENT_ID = "test-client.apps.googleusercontent.com";

async function googleToken(
  claims: JWTPayload,
  options: { key?: CryptoKey; expiresIn?: string | number } = {},
) {
  const key =
    options.key ??
    ((await importJWK(
      JSON.parse(env.TEST_GOOGLE_PRIVATE_JWK),
      "RS256",
    )) as CryptoKey);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-google-key" })
    .setIssuer("https://accounts.google.com")
    .setAudience(CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "1h")
    .sign(key);
}

const signIn = (credential: string) =>
  getJson<{ user: UserData; token: string } & ApiErrorBody>(
    "/api/user/login/google",
    json("POST", { credential }),
  );

describe("POST /api/user/login/google", () => {
  it("creates an account for a new Google user, and finds it again next time", async () => {
    const credential = await googleToken({
      sub: "google-123",
      email: "Zoe.Park@gmail.com",
      name: "Zoe Park",
      picture: "https://lh3.googleusercontent.com/zoe",
    });
    const first = await signIn(credential);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({
      email: "zoe.park@gmail.com",
      name: "Zoe Park",
      first_name: "Zoe",
      profile_pic: "https://lh3.googleusercontent.com/zoe",
    });
    const again = await signIn(
      await googleToken({
        sub: "google-123",
        email: "zoe.park@gmail.com",
        name: "Zoe Park",
      }),
    );
    expect(again.body.user._id).toBe(first.body.user._id);
  });

  it("links an existing email account instead of making a second one", async () => {
    const before = await env.DB.prepare(
      "select id from users where email = 'ben@playfeed.local'",
    ).first<number>("id");
    const { status, body } = await signIn(
      await googleToken({
        sub: "google-ben",
        email: "ben@playfeed.local",
        name: "Benjamin",
      }),
    );
    expect(status).toBe(200);
    expect(body.user._id).toBe(before);
    expect(body.user.name).toBe("Ben Carter");
  });

  it.each([
    [
      "a forged token (another key)",
      async () =>
        googleToken(
          { sub: "x", email: "x@gmail.com" },
          { key: (await generateKeyPair("RS256")).privateKey },
        ),
    ],
    [
      "an expired token",
      () =>
        googleToken(
          { sub: "x", email: "x@gmail.com" },
          { expiresIn: Math.floor(Date.now() / 1000) - 60 },
        ),
    ],
    [
      "a token for another audience",
      async () => {
        const key = (await importJWK(
          JSON.parse(env.TEST_GOOGLE_PRIVATE_JWK),
          "RS256",
        )) as CryptoKey;
        return new SignJWT({
          sub: "x",
          email: "x@gmail.com",
          email_verified: true,
        })
          .setProtectedHeader({ alg: "RS256", kid: "test-google-key" })
          .setIssuer("https://accounts.google.com")
          .setAudience("someone-else.apps.googleusercontent.com")
          .setExpirationTime("1h")
          .sign(key);
      },
    ],
    [
      "a token from another issuer",
      async () => {
        const key = (await importJWK(
          JSON.parse(env.TEST_GOOGLE_PRIVATE_JWK),
          "RS256",
        )) as CryptoKey;
        return new SignJWT({
          sub: "x",
          email: "x@gmail.com",
          email_verified: true,
        })
          .setProtectedHeader({ alg: "RS256", kid: "test-google-key" })
          .setIssuer("https://evil.example")
          .setAudience(CLIENT_ID)
          .setExpirationTime("1h")
          .sign(key);
      },
    ],
    [
      "an unverified email",
      () =>
        googleToken({ sub: "x", email: "x@gmail.com", email_verified: false }),
    ],
    ["garbage", async () => "not.a.jwt-at-all-but-long-enough"],
  ])("refuses %s with 401 and creates nobody", async (_case, makeToken) => {
    const before = await env.DB.prepare(
      "select count(*) n from users",
    ).first<number>("n");
    const { status, body } = await signIn(await makeToken());
    expect(status).toBe(401);
    expect(body.error).toEqual({
      code: "invalid_google_token",
      message: "Google sign-in failed. Please try again.",
    });
    expect(
      await env.DB.prepare("select count(*) n from users").first<number>("n"),
    ).toBe(before);
  });

  it("asks for a credential", async () => {
    expect(
      (await getJson("/api/user/login/google", json("POST", {}))).status,
    ).toBe(400);
  });
});
