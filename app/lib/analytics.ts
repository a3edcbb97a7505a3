import type { EventName } from "#contract/events";
import { apiFetch } from "./api";

export const EVENTS_PATH = "/api/events";

type AnalyticsWindow = { dataLayer?: unknown };

/**
 * Records an event: POST /api/events, fire-and-forget. sendBeacon survives the page navigating away (a Play tap);
 * without it the request goes through apiFetch. Failures are ignored: analytics never gets in a player's way.
 * A tag manager's dataLayer, when the page has one, gets the event too.
 */
export function track(
  event: EventName,
  data: Record<string, unknown> = {},
): void {
  if (typeof window === "undefined") return;
  const { dataLayer } = window as unknown as AnalyticsWindow;
  if (Array.isArray(dataLayer)) dataLayer.push({ ...data, event });

  const body = JSON.stringify(
    Object.keys(data).length > 0 ? { name: event, data } : { name: event },
  );
  try {
    const beacon =
      typeof navigator !== "undefined" &&
      typeof navigator.sendBeacon === "function";
    if (
      beacon &&
      navigator.sendBeacon(
        EVENTS_PATH,
        new Blob([body], { type: "application/json" }),
      )
    )
      return;
    apiFetch(EVENTS_PATH, { method: "POST", body, keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // A browser that refuses the beacon or the request: the event is lost, the page goes on.
  }
}
