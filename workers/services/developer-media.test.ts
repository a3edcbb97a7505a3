import { describe, expect, it } from "vitest";
import { imageSize, sniffVideo } from "./developer-media";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );
const u32 = (n: number) => [
  n >>> 24,
  (n >>> 16) & 255,
  (n >>> 8) & 255,
  n & 255,
];
const u16 = (n: number) => [n >> 8, n & 255];

describe("a picture's size from its own header", () => {
  it("reads PNG's IHDR", () => {
    const png = bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      u32(13),
      "IHDR",
      u32(256),
      u32(128),
    );
    expect(imageSize(png)).toEqual({ width: 256, height: 128 });
  });

  it("walks a JPEG's segments to its start of frame", () => {
    const jpeg = bytes(
      [0xff, 0xd8],
      [0xff, 0xe0],
      u16(6),
      "JFIF",
      [0xff, 0xc2],
      u16(11),
      [8],
      u16(300),
      u16(256),
      [1, 1, 0x11, 0],
    );
    expect(imageSize(jpeg)).toEqual({ width: 256, height: 300 });
    // A broken segment chain is no size, not a loop.
    expect(
      imageSize(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 2, 0x12, 0x34, 0, 0, 0, 0])),
    ).toBeNull();
  });

  it("reads WebP's lossy, lossless and extended headers", () => {
    const riff = (chunk: string, body: number[]) =>
      bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk, [0, 0, 0, 0], body);
    const lossy = riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0, 1, 0x80, 0]);
    expect(imageSize(lossy)).toEqual({ width: 256, height: 128 });
    // VP8L: a signature byte, then 14 bits of width - 1 and 14 of height - 1.
    const bits = 255 | (255 << 14);
    const lossless = riff("VP8L", [
      0x2f,
      bits & 255,
      (bits >>> 8) & 255,
      (bits >>> 16) & 255,
      (bits >>> 24) & 255,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(imageSize(lossless)).toEqual({ width: 256, height: 256 });
    const extended = riff("VP8X", [0, 0, 0, 0, 255, 0, 0, 99, 0, 0]);
    expect(imageSize(extended)).toEqual({ width: 256, height: 100 });
  });

  it("has no size for a GIF or anything else", () => {
    expect(imageSize(bytes("GIF89a", [1, 0, 1, 0]))).toBeNull();
    expect(imageSize(bytes("hello world, not a picture"))).toBeNull();
  });
});

describe("a clip's kind from its first bytes", () => {
  it("knows WebM and MP4, and nothing else", () => {
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]))).toBe(
      "webm",
    );
    expect(sniffVideo(bytes(u32(24), "ftypisom"))).toBe("mp4");
    expect(sniffVideo(bytes("RIFF", [0, 0, 0, 0], "AVI "))).toBeNull();
  });
});
