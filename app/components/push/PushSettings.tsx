import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  PUSH_KINDS,
  PUSH_KIND_LABELS,
  type PushPreferences,
} from "#contract/push";
import { ReturnHereField, useHydrated } from "../ActionForm";
import { subscribeThisDevice, workerRegistration } from "~/lib/push";
import { pushSupported } from "~/lib/push-support";
import type { MutationResult } from "~/server/actions.server";
import "./PushSettings.css";

type DeviceState = "unknown" | "on" | "off" | "blocked" | "unsupported";

/** Whether this browser gets pushes: allowed and subscribed, not asked yet, refused, or unable. */
function useDeviceState(): [DeviceState, () => void] {
  const [state, setState] = useState<DeviceState>("unknown");
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!pushSupported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    void workerRegistration()
      .then(async (registration) => {
        if (!registration) return setState("unsupported");
        const subscribed = await registration.pushManager.getSubscription();
        setState(
          Notification.permission === "granted" && subscribed ? "on" : "off",
        );
      })
      .catch(() => setState("unsupported"));
  }, [tick]);
  return [state, () => setTick((count) => count + 1)];
}

const DEVICE_TEXT: Record<Exclude<DeviceState, "unknown">, string> = {
  on: "Notifications are on for this device.",
  off: "This device does not get notifications yet.",
  blocked: "Notifications are blocked for Playfeed in this browser's settings.",
  unsupported: "This browser cannot show Playfeed's notifications.",
};

/**
 * The profile page's notification settings (ADR 029): each kind on or off for every device of the player, kept on
 * the server; a change is saved at once (a Save button before the page hydrates). Below, this device's own state.
 */
export function PushSettings({
  viewerId,
  preferences,
  configured,
}: {
  viewerId: number;
  preferences: PushPreferences;
  configured: boolean;
}) {
  const fetcher = useFetcher<MutationResult<PushPreferences>>();
  const hydrated = useHydrated();
  const [device, recheck] = useDeviceState();
  const [turningOn, setTurningOn] = useState(false);
  const saved = fetcher.data?.ok === true ? fetcher.data.answer : preferences;
  const error = fetcher.data?.ok === false ? fetcher.data.error : null;
  const form = useRef<HTMLFormElement>(null);

  // A switch flipped before the script arrived stays flipped, but its change went nowhere, and the Save button it
  // would have needed goes away now: save what the form shows once, as the player left it.
  useEffect(() => {
    const shown = form.current;
    if (!hydrated || !shown) return;
    const changed = PUSH_KINDS.some((kind) => {
      const input = shown.elements.namedItem(kind);
      return input instanceof HTMLInputElement && input.checked !== saved[kind];
    });
    if (changed) fetcher.submit(shown);
    // Once, when the page hydrates: later changes are saved by onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  const turnOn = async () => {
    setTurningOn(true);
    try {
      if ((await Notification.requestPermission()) === "granted")
        await subscribeThisDevice(viewerId);
    } catch (failure) {
      console.warn("turning on notifications failed", failure);
    } finally {
      setTurningOn(false);
      recheck();
    }
  };

  return (
    <section className="card push-settings" aria-labelledby="push-title">
      <h2 id="push-title" className="card__title">
        Notifications
      </h2>
      <p className="push-settings__intro">
        What reaches your devices while Playfeed is closed.
      </p>
      <fetcher.Form
        ref={form}
        method="post"
        action="/actions/push-preferences"
        className="push-settings__form"
        onChange={(event) => fetcher.submit(event.currentTarget)}
      >
        <ReturnHereField />
        <ul className="push-settings__list">
          {PUSH_KINDS.map((kind) => (
            <li key={kind}>
              <label className="push-toggle">
                <span className="push-toggle__label">
                  {PUSH_KIND_LABELS[kind]}
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  name={kind}
                  className="push-toggle__input"
                  defaultChecked={saved[kind]}
                  data-testid={`push-toggle-${kind}`}
                />
                <span className="push-toggle__track" aria-hidden="true" />
              </label>
            </li>
          ))}
        </ul>
        {/* One row as tall as the Save button, with or without it: the switches above stay where they are when
            the page hydrates and the button goes, even on a page scrolled to its end (a tap must land). */}
        <div className="push-settings__footer">
          {hydrated ? null : (
            <button
              type="submit"
              className="button button--secondary button--small"
            >
              Save
            </button>
          )}
          <p className="push-settings__status" role="status">
            {error ??
              (fetcher.state !== "idle"
                ? "Saving…"
                : fetcher.data?.ok
                  ? "Saved"
                  : "")}
          </p>
        </div>
      </fetcher.Form>
      {configured && device !== "unknown" ? (
        <div className="push-settings__device">
          <p>{DEVICE_TEXT[device]}</p>
          {device === "off" ? (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => void turnOn()}
              disabled={turningOn}
              aria-busy={turningOn}
            >
              Turn on for this device
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
