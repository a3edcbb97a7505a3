// Writes the WebP variants of our own pictures in public/media/blog/ and public/media/promos/ beside them (ADR 048),
// with the same codecs, widths and names as an upload's in the Worker (workers/services/media-variants.ts). Static
// files have no Worker to stand in for a missing width, so every width is written: past the picture's own width, a
// copy of the variant at its own width. The results are committed; scripts/blog-art.mjs runs this after drawing.
//   tsx scripts/picture-variants.ts
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PICTURE_WIDTHS, pictureVariantKey } from "../contract/pictures";
import { jpegVariants } from "./picture-codecs";

const root = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["public/media/blog", "public/media/promos"];

for (const folder of FOLDERS) {
  const pictures = readdirSync(path.join(root, folder)).filter((name) =>
    name.endsWith(".jpg"),
  );
  let before = 0;
  let after = 0;
  for (const name of pictures) {
    const file = path.join(root, folder, name);
    const original = readFileSync(file);
    const made = await jpegVariants(original);
    const largest = made.get(Math.max(...made.keys()))!;
    for (const rung of PICTURE_WIDTHS)
      writeFileSync(pictureVariantKey(file, rung), made.get(rung) ?? largest);
    before += original.byteLength;
    after += made.get(640)?.byteLength ?? largest.byteLength;
  }
  console.log(
    `${folder}: ${pictures.length} pictures, ${Math.round(before / 1024)} KB as JPEG, ${Math.round(after / 1024)} KB at 640 pixels in WebP`,
  );
}
