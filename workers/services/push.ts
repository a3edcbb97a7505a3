import { and, eq } from "drizzle-orm";
import {
  PUSH_KINDS,
  PushPreferencesSchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  type PushMessage,
  type PushPreferences,
} from "#contract/push";
import type { Db } from "../db/client";
import { pushMuted, pushSubscriptions } from "../db/schema";
import { parseInput } from "./parse";
import { pushRequest, type VapidKeys } from "./web-push";

/** The VAPID keys from configuration (`wrangler secret put`, `.dev.vars` locally), or null: push is then off. */
export function vapidKeysFrom(env: Env): VapidKeys | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) return null;
  return {
    publicKey: VAPID_PUBLIC_KEY,
    privateKey: VAPID_PRIVATE_KEY,
    subject: VAPID_SUBJECT || "mailto:push@playfeed.invalid",
  };
}

/** How long a push service keeps a message for a device that is off: an invitation says its own, the rest a day. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/** Web Push subscriptions per device, the kinds each player turned off, and sending (ADR 029). */
export function createPushService(
  db: Db,
  keys: VapidKeys | null,
  send: (request: Request) => Promise<Response> = (request) => fetch(request),
) {
  return {
    /** The key a page subscribes with, or null when push is not configured. */
    publicKey: keys?.publicKey ?? null,

    /** Stores this device's subscription for the caller; a device that was someone else's moves to them. */
    async subscribe(userId: number, input: unknown): Promise<void> {
      const { endpoint, keys: browserKeys } = parseInput(
        PushSubscriptionSchema,
        input,
      );
      const values = {
        userId,
        endpoint,
        p256dh: browserKeys.p256dh,
        auth: browserKeys.auth,
      };
      await db.insert(pushSubscriptions).values(values).onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: values,
      });
    },

    /** Forgets a device. The endpoint is the device's secret: whoever holds it may drop it, signed in or not. */
    async unsubscribe(input: unknown): Promise<void> {
      const { endpoint } = parseInput(PushUnsubscribeSchema, input);
      await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
    },

    async preferences(userId: number): Promise<PushPreferences> {
      const muted = await db
        .select({ kind: pushMuted.kind })
        .from(pushMuted)
        .where(eq(pushMuted.userId, userId));
      const off = new Set(muted.map((row) => row.kind));
      return Object.fromEntries(
        PUSH_KINDS.map((kind) => [kind, !off.has(kind)]),
      ) as PushPreferences;
    },

    async setPreferences(
      userId: number,
      input: unknown,
    ): Promise<PushPreferences> {
      const preferences = parseInput(PushPreferencesSchema, input);
      const off = PUSH_KINDS.filter((kind) => !preferences[kind]);
      await db.batch([
        db.delete(pushMuted).where(eq(pushMuted.userId, userId)),
        ...off.map((kind) => db.insert(pushMuted).values({ userId, kind })),
      ]);
      return preferences;
    },

    /**
     * Sends `message` to every device of the player, unless they turned its kind off. A subscription the push service
     * says is gone (404, 410) is dropped; any other failure is logged and the rest still go. Never throws.
     */
    async send(
      userId: number,
      message: PushMessage,
      ttl = DEFAULT_TTL_SECONDS,
    ): Promise<number> {
      if (!keys) return 0;
      try {
        const [muted, devices] = await Promise.all([
          db
            .select({ kind: pushMuted.kind })
            .from(pushMuted)
            .where(
              and(
                eq(pushMuted.userId, userId),
                eq(pushMuted.kind, message.kind),
              ),
            ),
          db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, userId)),
        ]);
        if (muted.length > 0 || devices.length === 0) return 0;
        const payload = JSON.stringify(message);
        const sent = await Promise.all(
          devices.map(async (device) => {
            try {
              const response = await send(
                await pushRequest(device, payload, keys, {
                  ttl,
                  urgency: message.kind === "invitations" ? "high" : "normal",
                }),
              );
              await response.body?.cancel();
              if (response.status === 404 || response.status === 410) {
                await db
                  .delete(pushSubscriptions)
                  .where(eq(pushSubscriptions.id, device.id));
                return false;
              }
              if (!response.ok)
                console.error(
                  `a push service answered ${response.status} for ${new URL(device.endpoint).origin}`,
                );
              return response.ok;
            } catch (error) {
              console.error("sending a push failed", error);
              return false;
            }
          }),
        );
        return sent.filter(Boolean).length;
      } catch (error) {
        console.error("sending pushes failed", error);
        return 0;
      }
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
