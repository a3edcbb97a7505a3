import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { BUNDLE_FILE_TYPES, BUNDLE_LIMITS } from "#contract/developers";
import { isArchiverLitter, pathProblem, servedAs } from "./bundle-paths";
import { ApiError, badRequest } from "./errors";
import { NotAZip, readDirectory, type DirectoryEntry } from "./zip-directory";

/**
 * Issue #33: a developer's .zip, unpacked into R2 under `bundles/{versionId}-{token}/` as it streams in (ADR 039).
 * Neither the archive nor the game is ever whole in memory: the archive is read in small slices, each file is written
 * as it inflates (in parts, past PART_BYTES), and every byte is counted as it comes out of the inflater, not from what
 * the archive says about itself.
 */

const MB = 1024 * 1024;
/** R2's multipart parts are at least 5 MB and all the same size but the last. */
const PART_BYTES = 8 * MB;
/** Deflate inflates at most ~1,032 times: one slice of the archive never becomes more than ~4 MB at once. */
const SLICE_BYTES = 4 * 1024;
/** A directory of 2,000 files with the longest names and usual extra fields is well under this. */
const DIRECTORY_BYTES = 4 * MB;
const COMPRESSION_METHODS = new Set([0, 8]);

export const BUNDLES_FOLDER = "bundles/";

/** Rounded up, so a size just over a limit never reads as the limit itself. */
const megabytes = (bytes: number) => `${Math.ceil((bytes / MB) * 10) / 10} MB`;
const notAZip = () => badRequest("This file is not a .zip archive");
const refused = (status: 400 | 413 | 415, message: string) =>
  new ApiError(status, "bad_bundle", message);
const tooManyFiles = () =>
  refused(
    413,
    `The archive has more than ${BUNDLE_LIMITS.files.toLocaleString("en")} files; that is the limit`,
  );
const tooLarge = (bytes: number) =>
  refused(
    413,
    `The game unpacks to at least ${megabytes(bytes)}; the limit is ${megabytes(BUNDLE_LIMITS.uncompressedBytes)} uncompressed`,
  );

/** A random folder name part, so a draft's files cannot be guessed from its version id. */
function folderToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** Refuses the archive for its first entry that is not a plain file of a type games use, at an allowed path. */
function checkEntry(entry: DirectoryEntry) {
  const name = entry.name.slice(0, BUNDLE_LIMITS.pathLength + 1);
  const path =
    entry.isDirectory && entry.name.endsWith("/")
      ? entry.name.slice(0, -1)
      : entry.name;
  const problem = pathProblem(path);
  if (problem) throw refused(400, `"${name}" ${problem}`);
  if (entry.isSymlink)
    throw refused(
      400,
      `"${name}" is a symbolic link; a game may hold only files and folders`,
    );
  if (!entry.isDirectory && !servedAs(entry.name)) {
    const dot = entry.name.lastIndexOf(".");
    const extension =
      dot > entry.name.lastIndexOf("/") ? entry.name.slice(dot) : "(none)";
    throw refused(
      415,
      `"${name}" is a type of file games do not use (${extension}). Allowed: ${Object.keys(BUNDLE_FILE_TYPES).join(", ")}, and .br or .gz copies of them`,
    );
  }
}

/** The folder the game's index.html is in: the archive's root, or its one top folder. */
function topFolderOf(files: string[]): string {
  if (files.includes("index.html")) return "";
  const tops = new Set(
    files.map((path) => (path.includes("/") ? path.split("/")[0] + "/" : "")),
  );
  const [top] = tops;
  if (tops.size === 1 && top && files.includes(`${top}index.html`)) return top;
  const where =
    tops.size > 1
      ? `; it has ${tops.size} top-level folders or files (${[...tops]
          .map((t) => t || "files at the root")
          .slice(0, 3)
          .join(", ")}${tops.size > 3 ? ", …" : ""})`
      : "";
  throw refused(
    400,
    `The archive needs one index.html, at its root or in its one top folder${where}`,
  );
}

/** The files the archive may store (path → size it says it inflates to), checked before anything is written. */
async function plannedFiles(file: Blob) {
  if (file.size > BUNDLE_LIMITS.compressedBytes)
    throw refused(
      413,
      `The archive is ${megabytes(file.size)}; the limit is ${megabytes(BUNDLE_LIMITS.compressedBytes)} compressed`,
    );
  let entries: DirectoryEntry[] | "tooMany";
  try {
    entries = await readDirectory(file, {
      entries: BUNDLE_LIMITS.files * 2,
      bytes: DIRECTORY_BYTES,
    });
  } catch (error) {
    if (error instanceof NotAZip) throw notAZip();
    throw error;
  }
  if (entries === "tooMany") throw tooManyFiles();
  const planned = new Map<string, number>();
  let declared = 0;
  for (const entry of entries) {
    if (
      entry.name.length <= BUNDLE_LIMITS.pathLength &&
      isArchiverLitter(entry.name)
    )
      continue;
    checkEntry(entry);
    if (entry.isDirectory) continue;
    if (planned.has(entry.name))
      throw refused(400, `"${entry.name}" is in the archive twice`);
    planned.set(entry.name, entry.size);
    declared += entry.size;
  }
  if (planned.size > BUNDLE_LIMITS.files) throw tooManyFiles();
  if (declared > BUNDLE_LIMITS.uncompressedBytes) throw tooLarge(declared);
  return planned;
}

/** One file on its way to R2: whole in one put when small, in parts as it inflates when large. */
class FileWriter {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private upload: R2MultipartUpload | null = null;
  private parts: R2UploadedPart[] = [];
  done = false;
  written = 0;

  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
  ) {}

  add(chunk: Uint8Array) {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.written += chunk.length;
  }

  private take(length: number) {
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const chunk = this.chunks[0];
      const used = Math.min(chunk.length, length - filled);
      out.set(chunk.subarray(0, used), filled);
      filled += used;
      if (used === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(used);
    }
    this.buffered -= length;
    return out;
  }

  /** Writes every whole part that has come in, and the rest once the file is done. */
  async flush() {
    while (
      this.buffered > PART_BYTES ||
      (this.buffered === PART_BYTES && !this.done)
    ) {
      this.upload ??= await this.bucket.createMultipartUpload(this.key);
      this.parts.push(
        await this.upload.uploadPart(
          this.parts.length + 1,
          this.take(PART_BYTES),
        ),
      );
    }
    if (!this.done) return;
    const rest = this.take(this.buffered);
    if (!this.upload) {
      await this.bucket.put(this.key, rest);
      return;
    }
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, rest));
    await this.upload.complete(this.parts);
    this.upload = null;
  }

  async abort() {
    await this.upload?.abort().catch(() => undefined);
  }
}

/** Deletes everything under a prefix, a page of keys at a time. */
async function deleteFolder(bucket: R2Bucket, prefix: string) {
  for (;;) {
    const page = await bucket.list({ prefix, limit: 1000 });
    if (page.objects.length === 0) return;
    await bucket.delete(page.objects.map((object) => object.key));
  }
}

/** Streams the archive through the inflater into R2 under `folder`; the planned files are the only ones written. */
async function unpack(
  bucket: R2Bucket,
  file: Blob,
  folder: string,
  planned: Map<string, number>,
  writers: FileWriter[],
) {
  let total = 0;
  let pending: FileWriter[] = [];
  const unzip = new Unzip((entry: UnzipFile) => {
    if (!planned.has(entry.name)) {
      if (entry.name.endsWith("/") || isArchiverLitter(entry.name)) return;
      // Local headers naming what the directory does not: an archive built to be read two ways.
      throw notAZip();
    }
    if (!COMPRESSION_METHODS.has(entry.compression))
      throw refused(
        400,
        `"${entry.name}" is compressed in a way browsers' zip tools do not use (method ${entry.compression}); please zip it again with the usual Deflate`,
      );
    const declared = planned.get(entry.name)!;
    planned.delete(entry.name);
    const writer = new FileWriter(bucket, folder + entry.name);
    writers.push(writer);
    pending.push(writer);
    entry.ondata = (error, data, final) => {
      // fflate hands what a handler threw back to it as the stream's error.
      if (error) throw error instanceof ApiError ? error : notAZip();
      total += data.length;
      if (total > BUNDLE_LIMITS.uncompressedBytes) throw tooLarge(total);
      if (writer.written + data.length > declared)
        throw refused(
          400,
          `"${entry.name}" unpacks to more than the ${declared.toLocaleString("en")} bytes its archive says: the archive is damaged or built to mislead`,
        );
      writer.add(data);
      if (final) writer.done = true;
    };
    entry.start();
  });
  unzip.register(UnzipInflate);

  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (error) {
      throw error instanceof ApiError ? error : notAZip();
    }
  };
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      for (let at = 0; value && at < value.length; at += SLICE_BYTES) {
        push(value.subarray(at, at + SLICE_BYTES), false);
        for (const writer of pending) await writer.flush();
        pending = pending.filter((writer) => !writer.done);
      }
      if (done) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  push(new Uint8Array(0), true);
  for (const writer of pending) await writer.flush();
  // A file the directory lists that never arrived whole: the archive is cut short.
  if (planned.size > 0 || writers.some((writer) => !writer.done))
    throw notAZip();
  return total;
}

export function createGameBundleService(bucket: R2Bucket) {
  return {
    /**
     * Checks and stores a developer's .zip for a version. On any refusal or failure nothing of it stays in R2.
     * `bundlePath` is where its index.html is played from on the games origin.
     */
    async storeZip(
      versionId: number,
      file: Blob,
    ): Promise<{ bundlePath: string; files: number; bytes: number }> {
      const planned = await plannedFiles(file);
      const files = planned.size;
      const top = topFolderOf([...planned.keys()]);
      const folder = `${versionId}-${folderToken()}/`;
      const writers: FileWriter[] = [];
      try {
        const bytes = await unpack(
          bucket,
          file,
          BUNDLES_FOLDER + folder,
          planned,
          writers,
        );
        return { bundlePath: `/v/${folder}${top}index.html`, files, bytes };
      } catch (error) {
        await Promise.all(writers.map((writer) => writer.abort()));
        await deleteFolder(bucket, BUNDLES_FOLDER + folder);
        throw error;
      }
    },
  };
}
