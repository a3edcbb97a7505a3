import type { IconProps } from "../icons";

const PATHS = {
  up: "m6 15 6-6 6 6",
  down: "m6 9 6 6 6-6",
  left: "m15 6-6 6 6 6",
  right: "m9 6 6 6-6 6",
} as const;

/** A chevron pointing one way; decorative (the button around it carries the label). */
export function ChevronIcon({
  direction,
  size = 24,
  ...rest
}: IconProps & { direction: keyof typeof PATHS }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
      {...rest}
    >
      <path d={PATHS[direction]} />
    </svg>
  );
}
