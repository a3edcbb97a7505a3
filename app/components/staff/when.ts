import { formatDay } from "#contract/format";

/** "12 Mar 2026, 14:05 UTC": the staff pages name a moment, in UTC so the server and every browser agree. */
export function formatWhen(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toISOString().slice(11, 16);
  return `${formatDay(date.getTime())}, ${time} UTC`;
}
