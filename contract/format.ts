/** Display formatting shared by pages and components. Pure and locale-independent so server and browser render the same text. */

const ELLIPSIS = "…";

/**
 * Cuts text longer than `max` characters and ends it with an ellipsis (SPEC.md §5: descriptions over 80).
 * A word cut in half goes back to the previous space when that keeps most of the text.
 */
/** Month names as the chat and the notifications write dates ("12-Mar-2026", "12 Mar 2026"). */
export const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** A day as "12 Mar 2026", in UTC so the server and every browser write the same; "" for anything not a time. */
export function formatDay(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max));
  const lastSpace = cut.lastIndexOf(" ");
  if (/\S/.test(text[cut.length] ?? "") && lastSpace > max * 0.6)
    cut = cut.slice(0, lastSpace);
  return cut.trimEnd() + ELLIPSIS;
}

/** Average rating with two decimals: 4.5 → "4.50"; anything not a finite number shows as "0.00". */
export function formatRating(value: number | null | undefined): string {
  return typeof value === "number" && Number.isFinite(value)
    ? value.toFixed(2)
    : "0.00";
}

/** Whole numbers with thousands separators: 12450 → "12,450". */
export function formatNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Short counts for tight spaces: 999 → "999", 1250 → "1.2K", 3400000 → "3.4M". */
export function formatCount(value: number): string {
  const abs = Math.abs(value);
  const compact = (divisor: number, suffix: string) => {
    const scaled = Math.floor((abs / divisor) * 10) / 10;
    return (
      (value < 0 ? "-" : "") +
      (Number.isInteger(scaled) ? String(scaled) : scaled.toFixed(1)) +
      suffix
    );
  };
  if (abs >= 1_000_000) return compact(1_000_000, "M");
  if (abs >= 1_000) return compact(1_000, "K");
  return String(Math.trunc(value));
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The readable text of stored HTML, for previews and length checks. The result is text, never markup. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] === "#") {
        const point =
          code[1] === "x" || code[1] === "X"
            ? parseInt(code.slice(2), 16)
            : parseInt(code.slice(1), 10);
        return Number.isFinite(point) && point > 0 && point <= 0x10ffff
          ? String.fromCodePoint(point)
          : entity;
      }
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** SPEC.md §2: How To Play is hidden when the stored text is empty or the word "undefined". */
export function hasHowToPlay(html: string | null | undefined): boolean {
  if (!html) return false;
  const text = htmlToText(html);
  return text !== "" && text.toLowerCase() !== "undefined";
}

/** The document title of a page: "Likes" → "Likes · Playfeed". */
export function pageTitle(name?: string): string {
  return name ? `${name} · Playfeed` : "Playfeed · Play free casual games";
}

/** "1 file", "2,000 files". */
export const formatFileCount = (count: number) =>
  `${formatNumber(count)} ${count === 1 ? "file" : "files"}`;
