import { and, eq, gt, isNull, sql, sum } from "drizzle-orm";
import {
  PICTURE_MAX_BYTES,
  sniffImage,
  type ImageKind,
  type UploadPurpose,
  type UploadUrl,
} from "#contract/uploads";
import type { Db } from "../db/client";
import { uploadTokens } from "../db/schema";
import { imageSize } from "./developer-media";
import { ApiError, notFound } from "./errors";
import { pictureVariants } from "./media-variants";
import { STORAGE_QUOTA_BYTES } from "./rate-limits";
import { hashToken, randomToken } from "./tokens";

const UPLOAD_URL_LIFETIME_MS = 5 * 60 * 1000;

/** What an upload is for decides where it is kept: profile pictures under profile/, blog images under blog/. */
const FOLDER_OF = {
  "profile-image": "profile",
  "blog-image": "blog",
} as const satisfies Record<UploadPurpose, string>;

const IMAGE_TYPES = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
} as const satisfies Record<ImageKind, string>;

const wrongType = () =>
  new ApiError(
    415,
    "unsupported_media_type",
    "Please choose a PNG, JPEG, WebP or GIF image",
  );
const tooLarge = () =>
  new ApiError(413, "too_large", "Pictures can be at most 2 MB");
const storageFull = () =>
  new ApiError(
    413,
    "storage_full",
    `Your pictures have used all ${STORAGE_QUOTA_BYTES / 1024 / 1024} MB of your storage, so this one cannot be added.`,
  );
const addressGone = () =>
  new ApiError(
    410,
    "upload_url_used",
    "This upload address has expired or was already used. Please choose the picture again.",
  );

function extensionOf(fileName: string): ImageKind | null {
  const extension = fileName.toLowerCase().split(".").pop();
  if (extension === "jpg" || extension === "jpeg") return "jpeg";
  return extension === "png" || extension === "webp" || extension === "gif"
    ? extension
    : null;
}

/** Reads at most `limit` + 1 bytes, so an oversized body is refused without buffering all of it. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function createUploadService(db: Db, bucket: R2Bucket) {
  async function storedBytes(userId: number): Promise<number> {
    const [row] = await db
      .select({ bytes: sum(uploadTokens.bytes) })
      .from(uploadTokens)
      .where(eq(uploadTokens.userId, userId));
    return Number(row?.bytes ?? 0);
  }

  return {
    /** A one-time, five-minute address on this Worker that accepts one picture for this user. */
    async createUploadUrl(
      userId: number,
      purpose: UploadPurpose,
      fileName: string,
      origin: string,
    ): Promise<UploadUrl> {
      const kind = extensionOf(fileName);
      if (!kind) throw wrongType();
      // Said before the picture is sent; the upload itself is held to the quota when it lands.
      if ((await storedBytes(userId)) >= STORAGE_QUOTA_BYTES)
        throw storageFull();
      const token = randomToken();
      const extension = kind === "jpeg" ? "jpg" : kind;
      const key = `${FOLDER_OF[purpose]}/${userId}/${crypto.randomUUID()}.${extension}`;
      await db.insert(uploadTokens).values({
        tokenHash: await hashToken(token),
        userId,
        key,
        purpose,
        expiresAt: new Date(Date.now() + UPLOAD_URL_LIFETIME_MS),
      });
      return { url: `${origin}/api/media/upload/${token}`, path: key };
    },

    async acceptUpload(
      token: string,
      request: Request,
    ): Promise<{ path: string }> {
      const tokenHash = await hashToken(token);
      const [upload] = await db
        .select()
        .from(uploadTokens)
        .where(eq(uploadTokens.tokenHash, tokenHash))
        .limit(1);
      if (!upload) throw notFound("This upload address is not valid");
      if (upload.usedAt || upload.expiresAt.getTime() <= Date.now())
        throw addressGone();

      const declaredLength = Number(request.headers.get("Content-Length") ?? 0);
      if (declaredLength > PICTURE_MAX_BYTES) throw tooLarge();
      const bytes = await readCapped(request.body, PICTURE_MAX_BYTES);
      if (bytes.byteLength === 0)
        throw new ApiError(
          400,
          "empty_upload",
          "The picture is empty. Please choose another file.",
        );
      const kind = sniffImage(bytes);
      if (!kind) throw wrongType();

      // Claimed and counted against the quota in one statement: neither two uploads racing on one address nor
      // several racing addresses of one user can get past it.
      const stored = sql`(select coalesce(sum(${uploadTokens.bytes}), 0) from ${uploadTokens}
        where ${uploadTokens.userId} = ${upload.userId})`;
      const claimed = await db
        .update(uploadTokens)
        .set({ usedAt: new Date(), bytes: bytes.byteLength })
        .where(
          and(
            eq(uploadTokens.tokenHash, tokenHash),
            isNull(uploadTokens.usedAt),
            gt(uploadTokens.expiresAt, new Date()),
            sql`${stored} + ${bytes.byteLength} <= ${STORAGE_QUOTA_BYTES}`,
          ),
        )
        .returning({ key: uploadTokens.key });
      if (claimed.length === 0) {
        const [current] = await db
          .select()
          .from(uploadTokens)
          .where(eq(uploadTokens.tokenHash, tokenHash))
          .limit(1);
        throw current &&
          !current.usedAt &&
          current.expiresAt.getTime() > Date.now()
          ? storageFull()
          : addressGone();
      }

      await bucket.put(upload.key, bytes, {
        httpMetadata: { contentType: IMAGE_TYPES[kind] },
      });
      // After the claim, so only an accepted picture costs the resize; the original is stored first and stays.
      const variants = await pictureVariants(
        upload.key,
        kind,
        bytes,
        imageSize(bytes),
      );
      await Promise.all(
        variants.map((variant) =>
          bucket.put(variant.key, variant.bytes, {
            httpMetadata: { contentType: "image/webp" },
          }),
        ),
      );
      if (variants.length === 0)
        console.log(`media: ${upload.key} kept without variants`);
      return { path: upload.key };
    },
  };
}
