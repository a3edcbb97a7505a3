import { env } from "cloudflare:workers";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import jpegEncodeWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  PICTURE_WIDTHS,
  pictureVariantKey,
  type PictureWidth,
} from "#contract/pictures";
import { decodePicture } from "../../workers/services/media-variants";
import { getJson, json, request, seed, tokenFor } from "./helpers";
import { bandedPng, brokenPng } from "./png";

beforeAll(seed);

async function upload(
  email: string,
  fileName: string,
  bytes: Uint8Array<ArrayBuffer>,
  mediaUploadType = "profile-image",
) {
  const { token } = await tokenFor(email);
  const { body } = await getJson<{ url: string; path: string }>(
    "/api/media/upload-url",
    json("POST", { mediaUploadType, fileName }, token),
  );
  const response = await request(new URL(body.url).pathname, {
    method: "PUT",
    body: bytes,
  });
  return { path: body.path, response };
}

/** The variant as stored in R2, decoded: its real pixel size, not what a header says. */
async function storedVariant(path: string, rung: PictureWidth) {
  const object = await env.MEDIA.get(pictureVariantKey(path, rung));
  if (!object) return null;
  expect(object.httpMetadata?.contentType).toBe("image/webp");
  const image = await decodePicture(
    "webp",
    new Uint8Array(await object.arrayBuffer()),
  );
  return { width: image.width, height: image.height, pixels: image.data };
}

/** A noisy photo-like JPEG, so the encoder has real work to do. */
async function photoJpeg(width: number, height: number) {
  await initJpegEncode(jpegEncodeWasm);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    const x = (i / 4) % width;
    data.set([(x * 255) / width, (i * 7) % 251, 120, 255], i);
  }
  return new Uint8Array(
    await encodeJpeg({ data, width, height, colorSpace: "srgb" }),
  );
}

describe("pictures are kept at the widths screens need", () => {
  it("keeps a wide JPEG as sent and at 320, 640, 960 and 1280 pixels wide in WebP, each of the original's shape", async () => {
    const photo = await photoJpeg(1400, 700);
    const { path, response } = await upload(
      "ava@playfeed.local",
      "beach.jpg",
      photo,
    );
    expect(response.status).toBe(201);

    const original = await env.MEDIA.get(path);
    expect(new Uint8Array(await original!.arrayBuffer())).toEqual(photo);
    expect(await storedVariant(path, 320)).toMatchObject({
      width: 320,
      height: 160,
    });
    expect(await storedVariant(path, 640)).toMatchObject({
      width: 640,
      height: 320,
    });
    expect(await storedVariant(path, 960)).toMatchObject({
      width: 960,
      height: 480,
    });
    expect(await storedVariant(path, 1280)).toMatchObject({
      width: 1280,
      height: 640,
    });
    const served = await request(`/media/${pictureVariantKey(path, 640)}`);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toContain("immutable");
    await served.arrayBuffer();
  });

  it("never enlarges: a 500-pixel PNG gets a 320 variant and a 500-pixel one, and nothing wider", async () => {
    const png = await bandedPng(500, 300);
    const { path, response } = await upload(
      "ben@playfeed.local",
      "bands.png",
      png,
    );
    expect(response.status).toBe(201);

    expect(await storedVariant(path, 320)).toMatchObject({
      width: 320,
      height: 192,
    });
    const atOwnWidth = await storedVariant(path, 640);
    expect(atOwnWidth).toMatchObject({ width: 500, height: 300 });
    // The top band is sky blue (14, 165, 233): the pixels are the picture's, not an empty frame.
    expect(
      [...atOwnWidth!.pixels.slice(0, 3)].map((v) => Math.round(v / 8)),
    ).toEqual([14, 165, 233].map((v) => Math.round(v / 8)));
    expect(await env.MEDIA.head(pictureVariantKey(path, 960))).toBeNull();
    expect(await env.MEDIA.head(pictureVariantKey(path, 1280))).toBeNull();

    // The missing rung's address shows the original, kept a day rather than for ever.
    const fallback = await request(`/media/${pictureVariantKey(path, 1280)}`);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get("Content-Type")).toBe("image/png");
    expect(fallback.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(new Uint8Array(await fallback.arrayBuffer())).toEqual(png);
  });

  it("shows a picture sent before variants existed at every variant's address", async () => {
    const png = await bandedPng(40, 40);
    await env.MEDIA.put("blog/9/old.png", png, {
      httpMetadata: { contentType: "image/png" },
    });
    for (const rung of PICTURE_WIDTHS) {
      const response = await request(
        `/media/${pictureVariantKey("blog/9/old.png", rung)}`,
      );
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
    }
    const missing = await request("/media/blog/9/none.png.w640.webp");
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it("keeps a GIF as sent, without variants", async () => {
    const gif = new TextEncoder().encode("GIF89a\x02\x00\x02\x00");
    const { path, response } = await upload(
      "writer@playfeed.local",
      "wave.gif",
      gif,
    );
    expect(response.status).toBe(201);
    expect(await env.MEDIA.head(path)).not.toBeNull();
    expect(await env.MEDIA.head(pictureVariantKey(path, 320))).toBeNull();
  });

  it("keeps a picture past 8 megapixels as sent without decoding it: its header alone says 30000×30000", async () => {
    const bomb = brokenPng(30_000, 30_000);
    const { path, response } = await upload(
      "ben@playfeed.local",
      "bomb.png",
      bomb,
    );
    expect(response.status).toBe(201);
    expect(await env.MEDIA.head(pictureVariantKey(path, 320))).toBeNull();
    const served = await request(`/media/${pictureVariantKey(path, 320)}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bomb);
  });

  it("keeps a picture whose pixels are not there as sent, and the next picture still gets its variants", async () => {
    const broken = await upload(
      "ava@playfeed.local",
      "broken.png",
      brokenPng(300, 500),
    );
    expect(broken.response.status).toBe(201);
    expect(await env.MEDIA.head(broken.path)).not.toBeNull();
    expect(
      await env.MEDIA.head(pictureVariantKey(broken.path, 320)),
    ).toBeNull();

    const next = await upload(
      "ava@playfeed.local",
      "next.png",
      await bandedPng(400, 400),
    );
    expect(next.response.status).toBe(201);
    expect(await storedVariant(next.path, 320)).toMatchObject({
      width: 320,
      height: 320,
    });
  });
});
