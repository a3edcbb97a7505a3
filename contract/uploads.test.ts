import { describe, expect, it } from "vitest";
import { NOT_A_PICTURE, chosenPictureProblem, sniffImage } from "./uploads";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe("a chosen picture", () => {
  it("is known by its first bytes, whatever its name or declared type", () => {
    expect(sniffImage(new Uint8Array(PNG))).toBe("png");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImage(new TextEncoder().encode("GIF89a...."))).toBe("gif");
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe(
      "webp",
    );
    expect(sniffImage(new TextEncoder().encode("hello, world"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it("refuses a text file renamed .png when it is chosen, and takes a real picture", async () => {
    const renamed = new File(["just some notes\n"], "notes.png", {
      type: "image/png",
    });
    expect(await chosenPictureProblem(renamed)).toBe(NOT_A_PICTURE);
    const real = new File([new Uint8Array(PNG)], "me.png", {
      type: "image/png",
    });
    expect(await chosenPictureProblem(real)).toBeNull();
    const wrongType = new File(["x"], "notes.txt", { type: "text/plain" });
    expect(await chosenPictureProblem(wrongType)).toBe(
      "Please choose a PNG, JPEG, WebP or GIF picture",
    );
  });
});
