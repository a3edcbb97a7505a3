/**
 * The central directory of a .zip, read from the end of the archive before a byte of it is inflated: the only place
 * a zip keeps an entry's unix mode (a symlink), and a count of its entries that costs nothing to check. The streaming
 * unzip reads the local headers instead; the bundles service holds the two to the same names.
 */

export interface DirectoryEntry {
  name: string;
  isDirectory: boolean;
  isSymlink: boolean;
  /** The size the archive says the entry inflates to; the bundles service holds the inflating to it. */
  size: number;
}

export class NotAZip extends Error {}

const END_RECORD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_RECORD = 0x06064b50;
const ENTRY = 0x02014b50;
const END_RECORD_SIZE = 22;
/** The end record, a comment of at most 65,535 bytes after it, and a zip64 locator before it. */
const TAIL_SIZE = END_RECORD_SIZE + 0xffff + 20;
const UNIX = 3;
const TYPE_MASK = 0o170000;
const SYMLINK = 0o120000;
const DIRECTORY = 0o040000;
const DOS_DIRECTORY = 0x10;

const latin1 = (bytes: Uint8Array) => {
  let text = "";
  for (let i = 0; i < bytes.length; i += 16384)
    text += String.fromCharCode(...bytes.subarray(i, i + 16384));
  return text;
};
const utf8 = new TextDecoder();

async function bytesOf(file: Blob, start: number, end: number) {
  return new Uint8Array(await file.slice(start, end).arrayBuffer());
}

/** Where the directory starts, how long it is and how many entries it says it has (zip64 too). */
async function findDirectory(file: Blob) {
  const tailStart = Math.max(0, file.size - TAIL_SIZE);
  const tail = await bytesOf(file, tailStart, file.size);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = tail.length - END_RECORD_SIZE;
  while (at >= 0 && view.getUint32(at, true) !== END_RECORD) at -= 1;
  if (at < 0) throw new NotAZip();
  let entries = view.getUint16(at + 10, true);
  let size = view.getUint32(at + 12, true);
  let offset = view.getUint32(at + 16, true);
  const locator = at - 20;
  if (
    (offset === 0xffffffff || entries === 0xffff) &&
    locator >= 0 &&
    view.getUint32(locator, true) === ZIP64_LOCATOR
  ) {
    const recordAt = Number(view.getBigUint64(locator + 8, true));
    if (recordAt + 56 > file.size) throw new NotAZip();
    const record = await bytesOf(file, recordAt, recordAt + 56);
    const zip64 = new DataView(record.buffer);
    if (zip64.getUint32(0, true) !== ZIP64_END_RECORD) throw new NotAZip();
    entries = Number(zip64.getBigUint64(32, true));
    size = Number(zip64.getBigUint64(40, true));
    offset = Number(zip64.getBigUint64(48, true));
  }
  if (offset + size > file.size) throw new NotAZip();
  return { entries, size, offset };
}

/** An entry's inflated size; past 4 GB it is in the zip64 extra field (id 1), whose first number it is. */
function declaredSize(size: number, extra: Uint8Array): number {
  if (size !== 0xffffffff) return size;
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let at = 0; at + 4 <= extra.length;) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === 1 && length >= 8 && at + 12 <= extra.length)
      return Number(view.getBigUint64(at + 4, true));
    at += 4 + length;
  }
  throw new NotAZip();
}

/**
 * The archive's entries as its central directory lists them. `limits` bound the work before any of it is read: more
 * entries or a longer directory than they allow is `tooMany`.
 */
export async function readDirectory(
  file: Blob,
  limits: { entries: number; bytes: number },
): Promise<DirectoryEntry[] | "tooMany"> {
  const found = await findDirectory(file);
  if (found.entries > limits.entries || found.size > limits.bytes)
    return "tooMany";
  const directory = await bytesOf(
    file,
    found.offset,
    found.offset + found.size,
  );
  const view = new DataView(directory.buffer);
  const entries: DirectoryEntry[] = [];
  let at = 0;
  while (entries.length < found.entries) {
    if (at + 46 > directory.length || view.getUint32(at, true) !== ENTRY)
      throw new NotAZip();
    const madeBy = view.getUint8(at + 5);
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const skip = extraLength + view.getUint16(at + 32, true);
    const attributes = view.getUint32(at + 38, true);
    const rawName = directory.subarray(at + 46, at + 46 + nameLength);
    if (rawName.length < nameLength) throw new NotAZip();
    const name = flags & 0x800 ? utf8.decode(rawName) : latin1(rawName);
    const extra = directory.subarray(
      at + 46 + nameLength,
      at + 46 + nameLength + extraLength,
    );
    const mode = madeBy === UNIX ? (attributes >>> 16) & TYPE_MASK : 0;
    entries.push({
      name,
      isDirectory:
        name.endsWith("/") ||
        mode === DIRECTORY ||
        (attributes & DOS_DIRECTORY) !== 0,
      isSymlink: mode === SYMLINK,
      size: declaredSize(view.getUint32(at + 24, true), extra),
    });
    at += 46 + nameLength + skip;
  }
  return entries;
}
