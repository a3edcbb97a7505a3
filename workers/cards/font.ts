/**
 * What a card's layout needs to know of a TrueType font before the renderer draws with it: which characters it has a
 * glyph for (cmap) and how wide a line of text is (hmtx). Reads only those tables; kerning is left out, so a width is
 * a close upper estimate, and layouts keep a margin.
 */
export interface FontMetrics {
  /** Whether the font draws this code point (a missing glyph would show as an empty box). */
  has(codePoint: number): boolean;
  /** The advance width of `text` at `size` pixels. */
  width(text: string, size: number): number;
}

interface TableRecord {
  offset: number;
  length: number;
}

function tables(view: DataView): Map<string, TableRecord> {
  const count = view.getUint16(4);
  const found = new Map<string, TableRecord>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(
      view.getUint8(at),
      view.getUint8(at + 1),
      view.getUint8(at + 2),
      view.getUint8(at + 3),
    );
    found.set(tag, {
      offset: view.getUint32(at + 8),
      length: view.getUint32(at + 12),
    });
  }
  return found;
}

/** Code point → glyph id, from the Unicode subtable of cmap (format 12 preferred, else format 4). */
function readCmap(view: DataView, cmap: TableRecord): Map<number, number> {
  const count = view.getUint16(cmap.offset + 2);
  let format4: number | null = null;
  let format12: number | null = null;
  for (let i = 0; i < count; i++) {
    const at = cmap.offset + 4 + i * 8;
    const platform = view.getUint16(at);
    const encoding = view.getUint16(at + 2);
    const subtable = cmap.offset + view.getUint32(at + 4);
    const format = view.getUint16(subtable);
    const unicode = platform === 0 || (platform === 3 && encoding !== 0);
    if (!unicode) continue;
    if (format === 12) format12 ??= subtable;
    if (format === 4) format4 ??= subtable;
  }
  const glyphs = new Map<number, number>();
  if (format12 !== null) {
    const groups = view.getUint32(format12 + 12);
    for (let i = 0; i < groups; i++) {
      const at = format12 + 16 + i * 12;
      const start = view.getUint32(at);
      const end = view.getUint32(at + 4);
      const glyph = view.getUint32(at + 8);
      for (let code = start; code <= end; code++)
        glyphs.set(code, glyph + code - start);
    }
    return glyphs;
  }
  if (format4 === null) throw new Error("The font has no Unicode cmap");
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = view.getUint16(ends + s * 2);
    const start = view.getUint16(starts + s * 2);
    const delta = view.getInt16(deltas + s * 2);
    const rangeOffset = view.getUint16(rangeOffsets + s * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2;
        glyph = view.getUint16(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) glyphs.set(code, glyph);
    }
  }
  return glyphs;
}

export function readFont(bytes: ArrayBuffer | Uint8Array): FontMetrics {
  const view =
    bytes instanceof Uint8Array
      ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : new DataView(bytes);
  const found = tables(view);
  const head = found.get("head");
  const hhea = found.get("hhea");
  const hmtx = found.get("hmtx");
  const cmap = found.get("cmap");
  if (!head || !hhea || !hmtx || !cmap)
    throw new Error("Not a TrueType font with head, hhea, hmtx and cmap");
  const unitsPerEm = view.getUint16(head.offset + 18);
  const longMetrics = view.getUint16(hhea.offset + 34);
  const glyphs = readCmap(view, cmap);
  const advance = (glyph: number) =>
    view.getUint16(hmtx.offset + Math.min(glyph, longMetrics - 1) * 4);
  return {
    has: (codePoint) => glyphs.has(codePoint),
    width(text, size) {
      let units = 0;
      for (const char of text)
        units += advance(glyphs.get(char.codePointAt(0)!) ?? 0);
      return (units / unitsPerEm) * size;
    },
  };
}
