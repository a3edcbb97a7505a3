import { USER_AGENT_MAX } from "#contract/settings";

/**
 * "Chrome on Android" from a User-Agent, for the signed-in devices list. Only plain substring searches on at most
 * USER_AGENT_MAX characters, so its cost is linear and bounded whatever a client sends. Order matters: Edge, Opera
 * and Samsung Internet also say "Chrome", Chrome also says "Safari", and iPads may call themselves "Macintosh".
 */
const BROWSERS: [marker: string, name: string][] = [
  ["Edg", "Edge"],
  ["OPR/", "Opera"],
  ["SamsungBrowser", "Samsung Internet"],
  ["Firefox/", "Firefox"],
  ["FxiOS", "Firefox"],
  ["CriOS", "Chrome"],
  ["Chrome/", "Chrome"],
  ["Safari/", "Safari"],
];

const SYSTEMS: [marker: string, name: string][] = [
  ["Android", "Android"],
  ["iPhone", "iPhone"],
  ["iPad", "iPad"],
  ["CrOS", "ChromeOS"],
  ["Windows", "Windows"],
  ["Mac OS X", "macOS"],
  ["Macintosh", "macOS"],
  ["Linux", "Linux"],
];

const firstMatch = (text: string, table: [string, string][]) =>
  table.find(([marker]) => text.includes(marker))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null): string {
  const text = (userAgent ?? "").slice(0, USER_AGENT_MAX);
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return "Unknown browser";
}
