import { MONTHS } from "#contract/format";

const two = (value: number) => String(value).padStart(2, "0");

/**
 * SPEC.md §9 chat time 'hh:MM A DD-MMM-yyyy' in the viewer's local time: 12-hour hours and minutes, AM or PM, day,
 * short month name and year, e.g. '03:04 PM 21-Nov-2026'. Written out by hand so every browser shows the same text
 * whatever its locale. Anything that is not a valid time gives an empty string.
 */
export function formatChatTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (!Number.isFinite(time)) return "";
  const hours = date.getHours();
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? "AM" : "PM";
  return `${two(hours12)}:${two(date.getMinutes())} ${meridiem} ${two(date.getDate())}-${MONTHS[date.getMonth()]}-${date.getFullYear()}`;
}
