import { useMatches } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BACK_ONLINE_TEXT, OFFLINE_TEXT, useOnline } from "~/lib/network";
import { shellModeOf } from "~/lib/viewer";
import { Icon } from "./icons";
import { useOpenChat } from "./social/open-chat";
import "./OfflineNotice.css";

/** How long "back online" stays before it goes. */
export const BACK_ONLINE_MS = 4000;

const OfflineIcon = () => (
  <Icon size={18}>
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8" />
    <path d="M5 12.5a10 10 0 0 1 5.2-2.7M16.7 10.7a10 10 0 0 1 2.3 1.8" />
    <path d="M8.5 16a5 5 0 0 1 7 0" />
    <path d="M12 20h.01" />
    <path d="m3 3 18 18" />
  </Icon>
);

/**
 * Says, politely, when the browser loses its network and when it is back (the second for a few seconds). The live
 * region is always in the page, so its words are read as they change. On a game's screen the play screen says it
 * itself (a practice round), so the pill is not shown there, only announced; the same with a chat open, which says
 * it above its message field, where the pill would cover the newest message.
 */
export function OfflineNotice() {
  const online = useOnline();
  const [state, setState] = useState<"online" | "offline" | "back">("online");
  const wasOffline = useRef(false);
  const chatOpen = useOpenChat() !== null;
  const saidElsewhere =
    shellModeOf(useMatches().map((match) => match.handle)) === "immersive" ||
    chatOpen;

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setState("offline");
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setState("back");
    const timer = setTimeout(() => setState("online"), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [online]);

  const text =
    state === "offline"
      ? OFFLINE_TEXT
      : state === "back"
        ? BACK_ONLINE_TEXT
        : "";
  return (
    <div
      className={
        text && !saidElsewhere
          ? `offline-notice offline-notice--${state}`
          : "visually-hidden"
      }
      role="status"
      aria-live="polite"
      data-testid="offline-notice"
    >
      {text && !saidElsewhere ? (
        <span className="offline-notice__icon" aria-hidden="true">
          {state === "offline" ? (
            <OfflineIcon />
          ) : (
            <span className="offline-notice__dot" />
          )}
        </span>
      ) : null}
      {text}
    </div>
  );
}
