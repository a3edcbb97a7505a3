import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PICTURE_WIDTHS, pictureVariantKey } from "../contract/pictures";
import { imageSize } from "../workers/services/developer-media";

const root = path.resolve(import.meta.dirname, "..");

describe.each(["public/media/blog", "public/media/promos"])(
  "the pictures in %s",
  (folder) => {
    const pictures = readdirSync(path.join(root, folder))
      .filter((name) => name.endsWith(".jpg"))
      .map((name) => path.join(root, folder, name));

    it.each(pictures.map((file) => [path.basename(file), file]))(
      "%s has a WebP variant at every width, never wider than itself and lighter than it (scripts/picture-variants.ts)",
      (_name, file) => {
        const original = imageSize(readFileSync(file))!;
        for (const rung of PICTURE_WIDTHS) {
          const variantFile = pictureVariantKey(file, rung);
          const bytes = readFileSync(variantFile);
          const size = imageSize(bytes)!;
          expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe("WEBP");
          expect(size.width).toBe(Math.min(rung, original.width));
          expect(
            Math.abs(
              size.height - (original.height * size.width) / original.width,
            ),
          ).toBeLessThanOrEqual(1);
          expect(statSync(variantFile).size).toBeLessThan(statSync(file).size);
        }
      },
    );
  },
);
