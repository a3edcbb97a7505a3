import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { request } from "./helpers";

describe("/media/*", () => {
  it("serves an R2 object with nosniff, a locked-down CSP and long caching", async () => {
    await env.MEDIA.put(
      "profile/7/avatar.png",
      new Uint8Array([137, 80, 78, 71]),
      { httpMetadata: { contentType: "image/png" } },
    );
    const response = await request("/media/profile/7/avatar.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(response.headers.get("Content-Security-Policy")).toContain(
      "default-src 'none'",
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(
      new Uint8Array([137, 80, 78, 71]),
    );
  });

  it("answers a repeat request with the same ETag with 304", async () => {
    await env.MEDIA.put("blog/cover.jpg", "jpeg-bytes", {
      httpMetadata: { contentType: "image/jpeg" },
    });
    const first = await request("/media/blog/cover.jpg");
    await first.arrayBuffer();
    const again = await request("/media/blog/cover.jpg", {
      headers: { "If-None-Match": first.headers.get("ETag")! },
    });
    expect(again.status).toBe(304);
  });

  it("is a JSON 404 for a missing object", async () => {
    const response = await request("/media/profile/nobody.png");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "Media not found" },
    });
  });

  it.each([
    "/media/..%2Fsecret",
    "/media/a%2F..%2Fb",
    "/media/.hidden",
    "/media/a%00b",
  ])("rejects the key in %s", async (path) => {
    const response = await request(path);
    expect(response.status).toBe(400);
    expect(
      (await response.json<{ error: { message: string } }>()).error.message,
    ).toBe("Invalid media path");
  });
});
