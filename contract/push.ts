import { z } from "zod";

/**
 * Web Push (ADR 029): what a device sends to subscribe, the kinds a player can turn off, and what the service worker
 * receives in a push. Shared by the Worker, the pages and the service worker.
 */

/** The kinds of push a player can turn off on the profile page, in the order the page lists them. */
export const PUSH_KINDS = [
  "challenges",
  "challenge_updates",
  "invitations",
  "messages",
] as const;

export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  challenges: "Challenges from friends",
  challenge_updates: "Challenges accepted and settled",
  invitations: "Invitations to play with a friend",
  messages: "Chat messages",
};

/**
 * The browsers' push services (ADR 034): a subscription's endpoint must be on one of these, so the Worker only ever
 * posts to them. Exact hosts, and suffixes matched on a dot boundary for the services that spread devices over
 * many hosts (Apple's `*.push.apple.com`, Microsoft's `*.notify.windows.com`).
 */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
] as const;
const PUSH_SERVICE_SUFFIXES = [
  ".push.apple.com",
  ".notify.windows.com",
] as const;

const MAX_ENDPOINT_CHARS = 1024;

/** Devices kept per player; subscribing one more drops the one subscribed longest ago. */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_ENDPOINT_MESSAGES = {
  tooLong: "The push endpoint is too long",
  notUrl: "The push endpoint must be a URL",
  notHttps: "The push endpoint must use https",
  credentials: "The push endpoint must not carry a user name or password",
  port: "The push endpoint must not name a port",
  ipAddress: "The push endpoint must name a push service, not an IP address",
  notPushService:
    "The push endpoint must be on a browser's push service (Google, Mozilla, Apple or Microsoft)",
} as const;

/** A hostname the URL parser reads as an IP address: IPv6 in brackets, or a last label that is a number (IPv4). */
const looksLikeIp = (hostname: string) =>
  hostname.startsWith("[") ||
  /^(0x[0-9a-f]*|[0-9]+)$/.test(hostname.slice(hostname.lastIndexOf(".") + 1));

/**
 * Why `endpoint` is not a push service's address, or null when it is. The one check for subscribing and, again,
 * for every row before it is sent to, so a row stored before this check existed is never fetched either.
 */
export function pushEndpointProblem(endpoint: string): string | null {
  if (endpoint.length > MAX_ENDPOINT_CHARS)
    return PUSH_ENDPOINT_MESSAGES.tooLong;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_MESSAGES.notUrl;
  }
  if (url.protocol !== "https:") return PUSH_ENDPOINT_MESSAGES.notHttps;
  if (url.username !== "" || url.password !== "")
    return PUSH_ENDPOINT_MESSAGES.credentials;
  if (url.port !== "") return PUSH_ENDPOINT_MESSAGES.port;
  const host = url.hostname;
  if (looksLikeIp(host)) return PUSH_ENDPOINT_MESSAGES.ipAddress;
  const known =
    (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) ||
    PUSH_SERVICE_SUFFIXES.some(
      (suffix) => host.endsWith(suffix) && host.length > suffix.length,
    );
  return known ? null : PUSH_ENDPOINT_MESSAGES.notPushService;
}

/** The push service's address, bounded before it is parsed. */
const endpointSchema = z
  .string()
  .max(MAX_ENDPOINT_CHARS, {
    error: PUSH_ENDPOINT_MESSAGES.tooLong,
    abort: true,
  })
  .superRefine((value, context) => {
    const problem = pushEndpointProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** Dropping a device needs only its own endpoint back, whatever service it names (rows from before ADR 034 too). */
const storedEndpointSchema = z
  .string()
  .max(MAX_ENDPOINT_CHARS, PUSH_ENDPOINT_MESSAGES.tooLong);

const base64Url = (max: number, name: string) =>
  z
    .string()
    .max(max, `The ${name} key is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${name} key must be base64url`);

/** `PushSubscription.toJSON()` as a browser gives it (expirationTime is ignored). */
export const PushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) is 87 characters; an auth secret (16 bytes) is 22.
    p256dh: base64Url(128, "p256dh"),
    auth: base64Url(64, "auth"),
  }),
});

export const PushUnsubscribeSchema = z.object({
  endpoint: storedEndpointSchema,
});

/** The profile page's toggles: each kind on or off. */
export const PushPreferencesSchema = z.object(
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    PushKind,
    z.ZodBoolean
  >,
);

export type PushPreferences = Record<PushKind, boolean>;

/** What the service worker shows: encrypted in the Worker, decrypted by the browser. */
export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** A path of ours the notification opens. */
  url: string;
  /** One notification per thread: a newer push of the same tag replaces the older. */
  tag: string;
}

/** The profile page's form: a ticked box sends "on", an unticked one nothing. */
export const PushPreferencesFormSchema = z
  .object(
    Object.fromEntries(
      PUSH_KINDS.map((kind) => [kind, z.literal("on").optional()]),
    ) as Record<PushKind, z.ZodOptional<z.ZodLiteral<"on">>>,
  )
  .transform(
    (form) =>
      Object.fromEntries(
        PUSH_KINDS.map((kind) => [kind, form[kind] === "on"]),
      ) as PushPreferences,
  );
