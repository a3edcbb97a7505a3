import { useEffect, useState } from "react";

/**
 * Milliseconds until `expiresAt` (ISO), redrawn four times a second while any is left. The server's time decides
 * whether an invitation is open; this clock only draws it. A server-rendered page passes its loader's time as
 * `renderedAt`, so the first draw in the browser matches the HTML until the effect takes the browser's clock.
 */
export function useTimeLeft(
  expiresAt: string | null,
  renderedAt?: number,
): number {
  const end = expiresAt ? Date.parse(expiresAt) : 0;
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!end) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [end]);
  return Math.max(0, end - now);
}
