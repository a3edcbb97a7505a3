import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody, UserData } from "#contract/types";
import { getJson, json, request, seed, tokenFor } from "./helpers";

beforeAll(seed);

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44,
  0x52,
]);
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46,
]);
const WEBP = new Uint8Array([
  ...new TextEncoder().encode("RIFF"),
  0,
  0,
  0,
  0,
  ...new TextEncoder().encode("WEBPVP8 "),
]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");

async function uploadUrl(token: string, fileName = "me.png") {
  const { status, body } = await getJson<{ url: string; path: string }>(
    "/api/media/upload-url",
    json("POST", { mediaUploadType: "profile-image", fileName }, token),
  );
  expect(status).toBe(200);
  return body;
}

const put = (url: string, body: BodyInit, contentType = "image/png") =>
  request(new URL(url).pathname, {
    method: "PUT",
    body,
    headers: { "Content-Type": contentType },
  });

describe("profile picture upload", () => {
  it("stores a picture through a one-time address, and the profile then shows it", async () => {
    const { token, userId } = await tokenFor("ava@playfeed.local");
    const { url, path } = await uploadUrl(token);
    expect(url).toMatch(
      /^https:\/\/playfeed\.test\/api\/media\/upload\/[A-Za-z0-9_-]{43}$/,
    );
    expect(path).toMatch(new RegExp(`^profile/${userId}/[0-9a-f-]{36}\\.png$`));

    const response = await put(url, PNG);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ path });
    const object = await env.MEDIA.get(path);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    await object?.arrayBuffer();

    const profile = {
      name: "Ava Stone",
      phone_number: "9123456780",
      address: "4 Elm Street, Leeds",
      gender: "female",
      profile_img: path,
    };
    const updated = await getJson<UserData>(
      "/api/user/profile",
      json("PUT", profile, token),
    );
    expect(updated.body.profile_img).toBe(path);
    const served = await request(`/media/${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await served.arrayBuffer();
  });

  it.each([
    ["JPEG", JPEG, "image/jpeg", "a.jpg"],
    ["WebP", WEBP, "image/webp", "a.webp"],
    ["GIF", GIF, "image/gif", "a.gif"],
  ])("accepts %s by its first bytes", async (_kind, bytes, type, fileName) => {
    const { token } = await tokenFor("ben@playfeed.local");
    const { url, path } = await uploadUrl(token, fileName);
    expect((await put(url, bytes, type)).status).toBe(201);
    const object = await env.MEDIA.get(path);
    expect(object?.httpMetadata?.contentType).toBe(type);
    await object?.arrayBuffer();
  });

  it("refuses a file that is not an image, whatever its name and type say, and stores nothing", async () => {
    const { token } = await tokenFor("ben@playfeed.local");
    const { url, path } = await uploadUrl(token, "avatar.png");
    const response = await put(url, "<svg onload=alert(1)></svg>", "image/png");
    expect(response.status).toBe(415);
    expect((await response.json<ApiErrorBody>()).error.message).toBe(
      "Please choose a PNG, JPEG, WebP or GIF image",
    );
    expect(await env.MEDIA.head(path)).toBeNull();
  });

  it("refuses a file name that is not an image before handing out an address", async () => {
    const { token } = await tokenFor("ben@playfeed.local");
    const response = await getJson<ApiErrorBody>(
      "/api/media/upload-url",
      json(
        "POST",
        { mediaUploadType: "profile-image", fileName: "run.exe" },
        token,
      ),
    );
    expect(response.status).toBe(415);
  });

  it("refuses 3 MB with 413 and stores nothing", async () => {
    const { token } = await tokenFor("ben@playfeed.local");
    const { url, path } = await uploadUrl(token);
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(PNG);
    const response = await put(url, big);
    expect(response.status).toBe(413);
    expect((await response.json<ApiErrorBody>()).error.message).toBe(
      "Pictures can be at most 2 MB",
    );
    expect(await env.MEDIA.head(path)).toBeNull();
  });

  it("refuses a reused address with 410, keeping the first picture", async () => {
    const { token } = await tokenFor("ben@playfeed.local");
    const { url, path } = await uploadUrl(token);
    expect((await put(url, PNG)).status).toBe(201);
    const again = await put(url, JPEG, "image/jpeg");
    expect(again.status).toBe(410);
    const object = await env.MEDIA.get(path);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    await object?.arrayBuffer();
  });

  it("refuses an expired address and an address never handed out", async () => {
    const { token, userId } = await tokenFor("ben@playfeed.local");
    const { url } = await uploadUrl(token);
    await env.DB.prepare(
      "update upload_tokens set expires_at = 0 where user_id = ?",
    )
      .bind(userId)
      .run();
    expect((await put(url, PNG)).status).toBe(410);
    expect(
      (
        await put(
          `https://playfeed.test/api/media/upload/${"A".repeat(43)}`,
          PNG,
        )
      ).status,
    ).toBe(404);
  });

  it("hands out addresses only to signed-in users, for known upload types", async () => {
    expect(
      (
        await getJson(
          "/api/media/upload-url",
          json("POST", { mediaUploadType: "profile-image", fileName: "a.png" }),
        )
      ).status,
    ).toBe(401);
    const { token } = await tokenFor("ben@playfeed.local");
    const wrongType = await getJson<ApiErrorBody>(
      "/api/media/upload-url",
      json(
        "POST",
        { mediaUploadType: "banner-image", fileName: "a.png" },
        token,
      ),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toBe(
      "mediaUploadType must be 'profile-image' or 'blog-image'",
    );
  });
});
