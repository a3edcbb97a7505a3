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

/** The push service's address: https only, and short enough for an index. */
const endpointSchema = z
  .string()
  .max(1024, "The push endpoint is too long")
  .url("The push endpoint must be a URL")
  .refine((value) => value.startsWith("https://"), {
    message: "The push endpoint must use https",
  });

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

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

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
