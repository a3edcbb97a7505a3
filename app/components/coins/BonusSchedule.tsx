import { useEffect, useRef, useState } from "react";
import {
  countdownTickMs,
  formatCountdown,
  localClockTime,
  localTurnText,
  nextBonusAt,
} from "~/lib/bonus-clock";
import { ClockIcon } from "../icons";
import { useRevalidate } from "../useRevalidate";
import "./BonusSchedule.css";

export interface BonusScheduleProps {
  /** Today's bonus is still to collect: the player is told to collect it before the day turns. */
  pending: boolean;
  className?: string;
}

/**
 * When the next daily bonus comes, as a live countdown and in the player's own time, and how days turn over. The
 * server's HTML says only what is true in every time zone (00:00 UTC); the countdown and the local hour are the
 * browser's, written after hydration, so no page ever shows a time in the wrong zone. When the day turns, the page's
 * data is read again and the new day's card shows.
 */
export function BonusSchedule({ pending, className }: BonusScheduleProps) {
  const [now, setNow] = useState<number | null>(null);
  const revalidate = useRevalidate();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const turnSeen = useRef<number | null>(null);

  useEffect(() => {
    let timer = 0;
    const tick = () => {
      const current = Date.now();
      const turn = nextBonusAt(current);
      if (turnSeen.current !== null && turn !== turnSeen.current)
        revalidateRef.current();
      turnSeen.current = turn;
      setNow(current);
      timer = window.setTimeout(tick, countdownTickMs(turn - current));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <BonusScheduleText now={now} pending={pending} className={className} />
  );
}

/**
 * What the schedule says at `now`; with `now` null (the server's HTML, before hydration), only what holds in every
 * time zone.
 */
export function BonusScheduleText({
  now,
  pending,
  className,
}: BonusScheduleProps & { now: number | null }) {
  const turn = now === null ? null : nextBonusAt(now);
  return (
    <div className={["bonus-schedule", className].filter(Boolean).join(" ")}>
      <p className="bonus-schedule__next" data-testid="bonus-countdown">
        <ClockIcon size={16} />
        <span>
          {now === null || turn === null ? (
            <>
              Next bonus at <strong>00:00 UTC</strong>
            </>
          ) : (
            <>
              Next bonus in{" "}
              <strong data-testid="bonus-countdown-time">
                {formatCountdown(turn - now)}
              </strong>
              ,{" "}
              <span data-testid="bonus-local-time">
                {localTurnText(turn, now)}
              </span>
            </>
          )}
          {pending ? ". Collect today's before then." : "."}
        </span>
      </p>
      <p className="bonus-schedule__rule" data-testid="bonus-rule">
        A new bonus day starts at 00:00 UTC
        {turn === null ? "" : ` (${localClockTime(turn)} where you are)`}.
        Collect once every day to keep your streak: if a whole day goes by
        without collecting, it starts again at Day 1.
      </p>
    </div>
  );
}
