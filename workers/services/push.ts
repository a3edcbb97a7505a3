import { and, desc, eq, notInArray } from "drizzle-orm";
import {
  MAX_PUSH_DEVICES,
  PUSH_KINDS,
  PushPreferencesSchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  pushEndpointProblem,
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

/** A device whose push failed is skipped this long, then tried once more (ADR 034). */
const FAILED_DEVICE_RETRY_MS = 24 * 60 * 60 * 1000;

/** How long one push may take before it counts as failed, so a slow push service holds no hub open. */
const PUSH_TIMEOUT_MS = 10_000;

interface PushDeps {
  db: Db;
  keys: VapidKeys | null;
  send: (request: Request) => Promise<Response>;
}

const drop = (db: Db, id: number) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
const markFailed = (db: Db, id: number) =>
  db
    .update(pushSubscriptions)
    .set({ failedAt: new Date() })
    .where(eq(pushSubscriptions.id, id));

/** One device's push; what its answer means for the row is decided here. */
async function sendTo(
  { db, keys, send }: PushDeps,
  device: typeof pushSubscriptions.$inferSelect,
  payload: string,
  message: PushMessage,
  ttl: number,
): Promise<boolean> {
  if (!keys) return false;
  if (pushEndpointProblem(device.endpoint) !== null) {
    await drop(db, device.id);
    return false;
  }
  try {
    const request = await pushRequest(device, payload, keys, {
      ttl,
      urgency: message.kind === "invitations" ? "high" : "normal",
    });
    const response = await send(
      new Request(request, { signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) }),
    );
    await response.body?.cancel();
    if (response.ok) {
      if (device.failedAt !== null)
        await db
          .update(pushSubscriptions)
          .set({ failedAt: null })
          .where(eq(pushSubscriptions.id, device.id));
      return true;
    }
    if (response.status === 404 || response.status === 410) {
      await drop(db, device.id);
      return false;
    }
    // 429 is the push service asking us to slow down, not a broken device: the next event tries again.
    if (response.status !== 429) await markFailed(db, device.id);
    console.error(
      `a push service answered ${response.status} for ${new URL(device.endpoint).origin}`,
    );
    return false;
  } catch (error) {
    console.error("sending a push failed", error);
    await markFailed(db, device.id).catch(() => undefined);
    return false;
  }
}

/** Web Push subscriptions per device, the kinds each player turned off, and sending (ADR 029). */
export function createPushService(
  db: Db,
  keys: VapidKeys | null,
  send: (request: Request) => Promise<Response> = (request) => fetch(request),
) {
  const deps: PushDeps = { db, keys, send };
  return {
    /** The key a page subscribes with, or null when push is not configured. */
    publicKey: keys?.publicKey ?? null,

    /**
     * Stores this device's subscription for the caller; a device that was someone else's moves to them. The caller's
     * oldest devices past `MAX_PUSH_DEVICES` are dropped in the same batch, so racing subscriptions never leave more.
     */
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
        failedAt: null,
        createdAt: new Date(),
      };
      await db.batch([
        db.insert(pushSubscriptions).values(values).onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: values,
        }),
        db
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.userId, userId),
              notInArray(
                pushSubscriptions.id,
                db
                  .select({ id: pushSubscriptions.id })
                  .from(pushSubscriptions)
                  .where(eq(pushSubscriptions.userId, userId))
                  .orderBy(
                    desc(pushSubscriptions.createdAt),
                    desc(pushSubscriptions.id),
                  )
                  .limit(MAX_PUSH_DEVICES),
              ),
            ),
          ),
      ]);
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
     * says is gone (404, 410), or whose endpoint is not a push service's, is dropped; one that fails otherwise (an
     * error, a timeout, any other answer but 429) is marked and skipped for a day. Never throws.
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
        const retryBefore = Date.now() - FAILED_DEVICE_RETRY_MS;
        const due = devices.filter(
          (device) =>
            device.failedAt === null ||
            device.failedAt.getTime() <= retryBefore,
        );
        if (muted.length > 0 || due.length === 0) return 0;
        const payload = JSON.stringify(message);
        const sent = await Promise.all(
          due.map((device) => sendTo(deps, device, payload, message, ttl)),
        );
        return sent.filter(Boolean).length;
      } catch (error) {
        console.error("sending pushes failed", error);
        return 0;
      }
    },
  };
}
