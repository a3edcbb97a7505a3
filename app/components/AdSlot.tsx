export interface AdSlotProps {
  /** Slot id, written to data-slot for the ad network (SPEC.md §9: seven slot ids). */
  slot: string;
  /** banner: a wide strip between sections; box: a taller block beside content. */
  variant?: "banner" | "box";
  className?: string;
}

/** A reserved place for an ad. No network script yet: the box keeps its size so the layout never jumps. */
export function AdSlot({ slot, variant = "banner", className }: AdSlotProps) {
  return (
    <aside
      className={["ad-slot", `ad-slot--${variant}`, className].filter(Boolean).join(" ")}
      data-slot={slot}
      aria-label="Advertisement"
    >
      <span className="ad-slot__label">Advertisement</span>
    </aside>
  );
}
