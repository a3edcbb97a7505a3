import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { imageSize, jpegOrientation } from "./image-size";

const file = (path: string) =>
  new Uint8Array(readFileSync(new URL(`../../${path}`, import.meta.url)));

describe("imageSize", () => {
  it("reads a JPEG's size from its frame header", () => {
    expect(imageSize(file("public/media/blog/welcome-poster.jpg"))).toEqual({
      kind: "jpeg",
      width: 1200,
      height: 630,
    });
    expect(imageSize(file("public/media/promos/snake.jpg"))).toEqual({
      kind: "jpeg",
      width: 360,
      height: 640,
    });
  });

  it("reads a PNG's size from its header", () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(640, 0);
    header.writeUInt32BE(480, 4);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([0, 0, 0, 13]),
      Buffer.from("IHDR"),
      header,
      deflateSync(Buffer.alloc(4)),
    ]);
    expect(imageSize(new Uint8Array(png))).toEqual({
      kind: "png",
      width: 640,
      height: 480,
    });
  });

  it("says nothing of what is not a picture, or a picture cut too short", () => {
    expect(imageSize(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(
      imageSize(file("public/media/blog/welcome-poster.jpg").subarray(0, 40)),
    ).toBeNull();
  });
});

/** `jpeg` with an EXIF block saying `orientation`, in the byte order of `order` ("MM" or "II"), after its SOI. */
function withOrientation(
  jpeg: Uint8Array,
  orientation: number,
  order: "MM" | "II",
) {
  const tiff = Buffer.alloc(26);
  const little = order === "II";
  tiff.write(order, 0, "latin1");
  const u16 = (value: number, at: number) =>
    little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at);
  const u32 = (value: number, at: number) =>
    little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at);
  u16(42, 2);
  u32(8, 4);
  u16(1, 8); // one entry
  u16(0x0112, 10); // Orientation
  u16(3, 12); // SHORT
  u32(1, 14);
  u16(orientation, 18);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return new Uint8Array(
    Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xe1]),
      length,
      payload,
      jpeg.subarray(2),
    ]),
  );
}

describe("jpegOrientation", () => {
  const jpeg = file("public/media/blog/welcome-poster.jpg");

  it("reads how a photo is turned from its EXIF, in either byte order", () => {
    expect(jpegOrientation(withOrientation(jpeg, 6, "MM"))).toBe(6);
    expect(jpegOrientation(withOrientation(jpeg, 8, "II"))).toBe(8);
    expect(imageSize(withOrientation(jpeg, 6, "MM"))).toMatchObject({
      width: 1200,
      height: 630,
    });
  });

  it("is 1 without EXIF, for a value out of range, a cut block or another kind of picture", () => {
    expect(jpegOrientation(jpeg)).toBe(1);
    expect(jpegOrientation(withOrientation(jpeg, 9, "MM"))).toBe(1);
    expect(
      jpegOrientation(withOrientation(jpeg, 6, "II").subarray(0, 30)),
    ).toBe(1);
    expect(jpegOrientation(new TextEncoder().encode("<svg></svg>"))).toBe(1);
  });
});
