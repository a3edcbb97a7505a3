// How a SQLite file's pages are shared out among its tables and indexes, read from the file itself: workerd's SQLite
// has no dbstat, so the bench walks each b-tree (https://www.sqlite.org/fileformat2.html). A file whose last writes
// are still in its write-ahead log is read as SQLite would read it, with the log's committed pages over the file's.

/** One table or index: the pages of its b-tree (overflow pages included) and, for a table, its rows. */
export interface BtreeSize {
  name: string;
  type: "table" | "index";
  /** The table an index belongs to; a table's own name for a table. */
  table: string;
  pages: number;
  bytes: number;
  /** Rows of a table (cells of its leaves); for an index, its entries. */
  rows: number;
}

export interface DatabaseSize {
  pageSize: number;
  pageCount: number;
  freePages: number;
  bytes: number;
  btrees: BtreeSize[];
}

const WAL_HEADER = 32;
const WAL_FRAME_HEADER = 24;

/** The database as SQLite sees it: the file's pages with every committed frame of its WAL written over them. */
export function databaseImage(file: Buffer, wal?: Buffer): Buffer {
  if (!wal || wal.length < WAL_HEADER) return file;
  const pageSize = wal.readUInt32BE(8);
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  const pages = new Map<number, Buffer>();
  let pending = new Map<number, Buffer>();
  let size = file.length / (pageSizeOf(file) || pageSize);
  for (
    let at = WAL_HEADER;
    at + WAL_FRAME_HEADER + pageSize <= wal.length;
    at += WAL_FRAME_HEADER + pageSize
  ) {
    // A frame of an older generation of the log (its salts differ) ends what this one committed.
    if (
      wal.readUInt32BE(at + 8) !== salt1 ||
      wal.readUInt32BE(at + 12) !== salt2
    )
      break;
    const page = wal.readUInt32BE(at);
    pending.set(
      page,
      wal.subarray(at + WAL_FRAME_HEADER, at + WAL_FRAME_HEADER + pageSize),
    );
    const committedSize = wal.readUInt32BE(at + 4);
    if (committedSize > 0) {
      for (const [number, data] of pending) pages.set(number, data);
      pending = new Map();
      size = committedSize;
    }
  }
  const image = Buffer.alloc(size * pageSize);
  file.copy(image, 0, 0, Math.min(file.length, image.length));
  for (const [number, data] of pages)
    if (number <= size) data.copy(image, (number - 1) * pageSize);
  return image;
}

function pageSizeOf(file: Buffer): number {
  if (file.length < 100) return 0;
  const size = file.readUInt16BE(16);
  return size === 1 ? 65536 : size;
}

/** A varint at `at`: its value and the offset after it. */
function varint(data: Buffer, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = data[at + i];
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) return [value, at + i + 1];
  }
  return [value * 256 + data[at + 8], at + 9];
}

/** Reads pages of one database image and walks its b-trees. */
function reader(image: Buffer) {
  const pageSize = pageSizeOf(image);
  const usable = pageSize - image[20];
  const page = (number: number) =>
    image.subarray((number - 1) * pageSize, number * pageSize);
  // Where a page's b-tree header starts: page 1 carries the file's 100-byte header first.
  const headerAt = (number: number) => (number === 1 ? 100 : 0);

  /** How much of a cell's payload lies on its page; the rest is in its overflow chain. */
  function localPayload(payload: number, leafTable: boolean): number {
    const max = leafTable
      ? usable - 35
      : Math.floor(((usable - 12) * 64) / 255) - 23;
    if (payload <= max) return payload;
    const min = Math.floor(((usable - 12) * 32) / 255) - 23;
    const k = min + ((payload - min) % (usable - 4));
    return k <= max ? k : min;
  }

  /** The overflow pages after the first, each found from the one before. */
  function overflowChain(first: number): number[] {
    const chain: number[] = [];
    for (let next = first; next !== 0; next = page(next).readUInt32BE(0))
      chain.push(next);
    return chain;
  }

  interface Cell {
    child?: number;
    payload?: Buffer;
    overflowPages: number;
  }

  /** The cells of one b-tree page, with their payloads when `withPayload` (overflow read in). */
  function cells(number: number, withPayload: boolean) {
    const data = page(number);
    const at = headerAt(number);
    const kind = data[at];
    const interior = kind === 0x02 || kind === 0x05;
    const count = data.readUInt16BE(at + 3);
    const pointers = at + (interior ? 12 : 8);
    const out: Cell[] = [];
    for (let i = 0; i < count; i++) {
      let offset = data.readUInt16BE(pointers + 2 * i);
      const cell: Cell = { overflowPages: 0 };
      if (interior) {
        cell.child = data.readUInt32BE(offset);
        offset += 4;
      }
      if (kind === 0x05) {
        out.push(cell);
        continue;
      }
      const [size, afterSize] = varint(data, offset);
      offset = kind === 0x0d ? varint(data, afterSize)[1] : afterSize;
      const local = localPayload(size, kind === 0x0d);
      if (local < size) {
        const chain = overflowChain(data.readUInt32BE(offset + local));
        cell.overflowPages = chain.length;
        if (withPayload)
          cell.payload = Buffer.concat([
            data.subarray(offset, offset + local),
            ...chain.map((n) => page(n).subarray(4, usable)),
          ]).subarray(0, size);
      } else if (withPayload) {
        cell.payload = data.subarray(offset, offset + size);
      }
      out.push(cell);
    }
    const rightMost = interior ? data.readUInt32BE(at + 8) : undefined;
    return { kind, cells: out, rightMost };
  }

  /** Every page of the b-tree rooted at `root`, and the leaf cells (rows or entries) in it. */
  function measure(root: number): { pages: number; rows: number } {
    let pages = 0;
    let rows = 0;
    const stack = [root];
    while (stack.length > 0) {
      const number = stack.pop()!;
      pages++;
      const { kind, cells: list, rightMost } = cells(number, false);
      for (const cell of list) {
        pages += cell.overflowPages;
        if (cell.child !== undefined) stack.push(cell.child);
      }
      if (rightMost !== undefined) stack.push(rightMost);
      // An index keeps entries in its interior cells too; a table only in its leaves.
      if (kind !== 0x05) rows += list.length;
    }
    return { pages, rows };
  }

  /** The payloads of a table b-tree's rows, in order. */
  function tableRows(root: number): Buffer[] {
    const { cells: list, rightMost } = cells(root, true);
    if (rightMost === undefined) return list.map((cell) => cell.payload!);
    return [
      ...list.flatMap((cell) => tableRows(cell.child!)),
      ...tableRows(rightMost),
    ];
  }

  return { pageSize, measure, tableRows };
}

/** A record's columns: numbers, text, or null (blobs as null: the schema table has none). */
function decodeRecord(payload: Buffer): Array<number | string | null> {
  const [headerSize, first] = varint(payload, 0);
  const types: number[] = [];
  for (let at = first; at < headerSize;) {
    const [type, next] = varint(payload, at);
    types.push(type);
    at = next;
  }
  const widths = [0, 1, 2, 3, 4, 6, 8, 8, 0, 0];
  const values: Array<number | string | null> = [];
  let at = headerSize;
  for (const type of types) {
    if (type >= 12) {
      const length = Math.floor((type - 12) / 2);
      values.push(
        type % 2 === 1 ? payload.toString("utf8", at, at + length) : null,
      );
      at += length;
    } else if (type === 8 || type === 9) {
      values.push(type - 8);
    } else if (type === 0) {
      values.push(null);
    } else {
      const width = widths[type];
      values.push(
        type === 7
          ? payload.readDoubleBE(at)
          : type === 6
            ? Number(payload.readBigInt64BE(at))
            : payload.readIntBE(at, width),
      );
      at += width;
    }
  }
  return values;
}

/** The size of the database and of each b-tree in it; page 1's schema table is named `sqlite_schema`. */
export function databaseSize(image: Buffer): DatabaseSize {
  const { pageSize, measure, tableRows } = reader(image);
  const pageCount = image.readUInt32BE(28);
  const freePages = image.readUInt32BE(36);
  type Entry = Omit<BtreeSize, "pages" | "bytes" | "rows"> & { root: number };
  const entries: Entry[] = [
    { name: "sqlite_schema", type: "table", table: "sqlite_schema", root: 1 },
    ...tableRows(1).flatMap((payload): Entry[] => {
      const [type, name, table, root] = decodeRecord(payload);
      if (type !== "table" && type !== "index") return [];
      // A view or a virtual table has no b-tree of its own.
      if (typeof root !== "number" || root <= 0) return [];
      return [{ type, name: String(name), table: String(table), root }];
    }),
  ];
  const btrees = entries.map(({ name, type, table, root }) => {
    const { pages, rows } = measure(root);
    return { name, type, table, pages, bytes: pages * pageSize, rows };
  });
  return {
    pageSize,
    pageCount,
    freePages,
    bytes: pageCount * pageSize,
    btrees,
  };
}
