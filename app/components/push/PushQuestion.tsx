import { useState } from "react";
import { BellIcon } from "../notifications/icons";
import { dismissPrompt } from "~/lib/push-support";
import { subscribeThisDevice } from "~/lib/push";

/** PushPrompt's question, loaded when it is asked (issue #36). "Allow" asks the browser; "Not now" is remembered. */
export function PushQuestion({
  viewerId,
  onClose,
}: {
  viewerId: number;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);

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
      onClose();
    }
  };

  const notNow = () => {
    dismissPrompt();
    onClose();
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
