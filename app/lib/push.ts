import { apiFetch } from "./api";
import { pushSupported } from "./push-support";

/**
 * Web Push in the browser (ADR 029): this device's subscription, which the server keeps per device. Whether the browser
 * can take it and the in-app question's answer are in push-support.ts, which the shell loads.
 */

/** The service worker's registration, if the app installed one (not under the dev server or a blocking browser). */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** "{player id} {endpoint}": the subscription the server was last told of from this browser, so it is told once. */
const SENT_KEY = "pf:push-sent";

function readSent(): string | null {
  try {
    return localStorage.getItem(SENT_KEY);
  } catch {
    return null;
  }
}

function writeSent(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(SENT_KEY);
    else localStorage.setItem(SENT_KEY, value);
  } catch {
    // Storage blocked: the server is told again on the next page load, which it takes as the same device.
  }
}

/**
 * Subscribes this device (asking the browser for the key's subscription if there is none) and tells the server it
 * belongs to the signed-in player. Returns false when push is not configured on the server or the browser refused.
 */
export async function subscribeThisDevice(viewerId: number): Promise<boolean> {
  const registration = await workerRegistration();
  if (!registration || Notification.permission !== "granted") return false;
  const { publicKey } = await apiFetch<{ publicKey: string | null }>(
    "/api/push/key",
  );
  if (!publicKey) return false;
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    }));
  const sent = `${viewerId} ${subscription.endpoint}`;
  if (readSent() === sent) return true;
  await apiFetch("/api/push/subscription", {
    method: "POST",
    json: subscription.toJSON(),
  });
  writeSent(sent);
  return true;
}

/** Signing out: this device stops getting the player's pushes, here and on the server. */
export async function forgetThisDevice(): Promise<void> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  writeSent(null);
  if (!subscription) return;
  await apiFetch("/api/push/subscription", {
    method: "DELETE",
    json: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe();
}
