import { useEffect, useRef, useState } from "react";
import { BellIcon } from "../notifications/icons";
import { useViewer } from "../root-data";
import { useSocket } from "../SocketProvider";
import {
  dismissPrompt,
  forgetThisDevice,
  promptDismissed,
  pushSupported,
  subscribeThisDevice,
  workerRegistration,
} from "~/lib/push";
import "./PushPrompt.css";

/**
 * Asks, in the app and only once, whether challenges, invitations and messages may come as notifications while the
 * app is closed (ADR 029). Never on a first visit: the question comes after the player's first challenge or message
 * in this browser. "Allow" asks the browser, then subscribes this device; "Not now" is remembered. A device already
 * allowed is kept subscribed for whoever is signed in, and one nobody is signed in on stops getting pushes.
 */
export function PushPrompt() {
  const viewerId = useViewer()?._id ?? null;
  const { subscribe } = useSocket();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (!pushSupported()) return;
    const keepInStep =
      viewerId === null
        ? forgetThisDevice()
        : Notification.permission === "granted"
          ? subscribeThisDevice(viewerId)
          : null;
    keepInStep?.catch((error: unknown) =>
      console.warn("keeping this device's push subscription failed", error),
    );
  }, [viewerId]);

  useEffect(() => {
    if (viewerId === null) return;
    return subscribe((event) => {
      if (event.event !== "new_challenge" && event.event !== "new_message")
        return;
      if (asked.current || !pushSupported() || promptDismissed()) return;
      if (Notification.permission !== "default") return;
      asked.current = true;
      void workerRegistration().then((registration) => {
        if (registration) setOpen(true);
      });
    });
  }, [subscribe, viewerId]);

  if (!open || viewerId === null) return null;

  const allow = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === "granted") await subscribeThisDevice(viewerId);
      else dismissPrompt();
    } catch (error) {
      console.warn("turning on notifications failed", error);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const notNow = () => {
    dismissPrompt();
    setOpen(false);
  };

  return (
    <section
      className="push-prompt"
      role="dialog"
      aria-labelledby="push-prompt-title"
      aria-describedby="push-prompt-text"
      data-testid="push-prompt"
    >
      <span className="push-prompt__icon" aria-hidden="true">
        <BellIcon size={22} />
      </span>
      <div className="push-prompt__text">
        <h2 id="push-prompt-title" className="push-prompt__title">
          Get notified when friends challenge or message you
        </h2>
        <p id="push-prompt-text" className="push-prompt__detail">
          Even when Playfeed is closed. You can turn each kind off on your
          profile.
        </p>
      </div>
      <div className="push-prompt__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={notNow}
          disabled={busy}
        >
          Not now
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void allow()}
          disabled={busy}
          aria-busy={busy}
        >
          Allow
        </button>
      </div>
    </section>
  );
}
