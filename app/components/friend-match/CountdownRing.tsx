import type { ReactNode } from "react";

/** 2π × the ring's radius of 28: the dash that hides the ring's spent part. */
const RING_LENGTH = 176;

/** The match pages' countdown: a ring that empties as `progress` goes from 1 to 0, with its value in the middle. */
export function CountdownRing({
  progress,
  label,
  testId,
  wide = false,
  children,
}: {
  progress: number;
  label: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={
        wide ? "match-countdown match-countdown--wide" : "match-countdown"
      }
      role="timer"
      aria-label={label}
      data-testid={testId}
    >
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <circle className="match-countdown__track" cx="32" cy="32" r="28" />
        <circle
          className="match-countdown__fill"
          cx="32"
          cy="32"
          r="28"
          style={{ strokeDashoffset: `${(1 - progress) * RING_LENGTH}` }}
        />
      </svg>
      <span className="match-countdown__value">{children}</span>
    </div>
  );
}
