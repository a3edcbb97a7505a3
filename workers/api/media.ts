import { UploadUrlSchema } from "#contract/uploads";
import { forbidden } from "../services/errors";
import { clientAddress } from "../services/rate-limits";
import { createRouter, parseInput, readJson, requireUser } from "./hono";

export const mediaRouter = createRouter()
  .post("/upload-url", requireUser, async (c) => {
    const user = c.var.user;
    const { mediaUploadType, fileName } = parseInput(
      UploadUrlSchema,
      await readJson(c.req.raw),
    );
    if (mediaUploadType === "blog-image" && !user.canWrite)
      throw forbidden("Only blog writers can upload blog images");
    await c.var.services.limits.hit(
      ["uploadUrlPerUser", "uploadUrlPerUserDaily"],
      user.id,
    );
    const origin = new URL(c.req.url).origin;
    return c.json(
      await c.var.services.uploads.createUploadUrl(
        user.id,
        mediaUploadType,
        fileName,
        origin,
      ),
    );
  })
  // The address itself is the permission: one-time, short-lived, bound to one user and one key.
  .put("/upload/:token{[A-Za-z0-9_-]{43}}", async (c) => {
    await c.var.services.limits.hit(
      "uploadPutPerAddress",
      clientAddress(c.req.raw),
    );
    return c.json(
      await c.var.services.uploads.acceptUpload(
        c.req.param("token"),
        c.req.raw,
      ),
      201,
    );
  });
