/** SPEC.md §7 analytics events. */
export type AnalyticsEvent = "SignUpOpen" | "SignUpSuccess" | "LikeGame" | "view_game_details" | "start_game_play";

type DataLayerWindow = { dataLayer?: unknown };

/** Hands an event to a tag manager's dataLayer when the page has one; sends nothing itself. */
export function track(event: AnalyticsEvent, data: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  const { dataLayer } = window as unknown as DataLayerWindow;
  if (Array.isArray(dataLayer)) dataLayer.push({ ...data, event });
}
