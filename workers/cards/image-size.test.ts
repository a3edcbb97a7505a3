import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size";

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
