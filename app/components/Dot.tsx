import "./Dot.css";
export interface DotProps {
  /** Any CSS colour. */
  color?: string;
  /** Diameter in pixels. */
  size?: number;
  /** Read out to assistive technology; without it the dot is decorative. */
  label?: string;
  className?: string;
}

/** SPEC.md §2 round coloured dot (online status, unread marks). */
export function Dot({
  color = "var(--color-success)",
  size = 10,
  label,
  className,
}: DotProps) {
  return (
    <span
      className={["dot", className].filter(Boolean).join(" ")}
      style={{ background: color, width: size, height: size }}
      {...(label
        ? { role: "img", "aria-label": label }
        : { "aria-hidden": true })}
    />
  );
}
