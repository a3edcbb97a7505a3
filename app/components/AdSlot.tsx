import { useEffect, useRef, useState } from "react";
import {
  AD_VISIBLE_RATIO,
  adQueue,
  loadAdScript,
  pickHouseGame,
} from "~/lib/ads";
import type { Game } from "#contract/types";
import { HouseAd, type HouseAdGame } from "./HouseAd";
import { useRootData } from "./root-data";
// Its stylesheet and HouseAd's ship with the shell's (app/styles/parts.css).

export interface AdSlotProps {
  /** Slot id, written to data-slot for the ad network (SPEC.md §9: seven slot ids, see AD_SLOTS). */
  slot: string;
  /** banner: a wide strip between sections; box: a taller block beside content. */
  variant?: "banner" | "box";
  className?: string;
  /** The name of the slot's landmark; a page with several slots gives each its own. */
  label?: string;
  /** The game a house ad promotes when no network fills the slot; without one a published game is picked. */
  houseGame?: HouseAdGame;
  /** Games on screen beside the slot (the feed's neighbouring videos, the detail page's game): never promoted here. */
  onScreenGameIds?: readonly number[];
  /** SPEC.md §8: the network did not fill the slot (or there is no network); a house ad is shown instead. */
  onNotFilled?: (slot: string) => void;
  /** SPEC.md §9: a tenth of the slot came into view. Called once. */
  onSeen?: (slot: string) => void;
}

let publishedGames: Promise<Game[]> | null = null;
/** Games for house ads on pages that pass none; one request per page load, shared by every slot. */
function housePool(): Promise<Game[]> {
  publishedGames ??= fetch("/api/game/published", {
    headers: { Accept: "application/json" },
  })
    .then((response) => (response.ok ? response.json<Game[]>() : []))
    .catch(() => []);
  return publishedGames;
}

const NONE: readonly number[] = [];

/**
 * An ad: the network's slot when an ad client id is configured, otherwise (or when the network leaves it empty) a
 * house ad for one of our games. The box keeps its size so the layout never jumps; `data-seen` turns true once a
 * tenth of it has been on screen.
 */
export function AdSlot({
  slot,
  variant = "banner",
  className,
  label = "Advertisement",
  houseGame,
  onScreenGameIds = NONE,
  onNotFilled,
  onSeen,
}: AdSlotProps) {
  const { adClientId } = useRootData();
  const ref = useRef<HTMLElement>(null);
  const insRef = useRef<HTMLModElement>(null);
  const [filled, setFilled] = useState<"network" | "house">(
    adClientId ? "network" : "house",
  );
  const [seen, setSeen] = useState(false);
  const [pickedGame, setPickedGame] = useState<HouseAdGame | null>(null);
  const callbacks = useRef({ onNotFilled, onSeen });
  callbacks.current = { onNotFilled, onSeen };

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (
          !entries.some(
            (entry) =>
              entry.isIntersecting &&
              entry.intersectionRatio >= AD_VISIBLE_RATIO,
          )
        )
          return;
        observer.disconnect();
        setSeen(true);
        callbacks.current.onSeen?.(slot);
      },
      { threshold: AD_VISIBLE_RATIO },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [slot]);

  useEffect(() => {
    if (!adClientId) {
      callbacks.current.onNotFilled?.(slot);
      return;
    }
    let active = true;
    const notFilled = () => {
      if (!active) return;
      active = false;
      setFilled("house");
      callbacks.current.onNotFilled?.(slot);
    };
    // The network marks a slot it could not fill with data-ad-status="unfilled".
    const ins = insRef.current;
    const watcher = new MutationObserver(() => {
      if (ins?.getAttribute("data-ad-status") === "unfilled") notFilled();
    });
    if (ins)
      watcher.observe(ins, {
        attributes: true,
        attributeFilter: ["data-ad-status"],
      });
    loadAdScript(adClientId)
      .then(() => {
        if (active) adQueue().push({});
      })
      .catch(notFilled);
    return () => {
      active = false;
      watcher.disconnect();
    };
  }, [adClientId, slot]);

  const given =
    houseGame && !onScreenGameIds.includes(houseGame._id) ? houseGame : null;
  const onScreenKey = onScreenGameIds.join(",");
  useEffect(() => {
    if (filled !== "house" || given) return;
    let active = true;
    void housePool().then((games) => {
      if (active)
        setPickedGame(
          pickHouseGame(
            games,
            slot,
            onScreenKey ? onScreenKey.split(",").map(Number) : [],
          ),
        );
    });
    return () => {
      active = false;
    };
  }, [filled, given, slot, onScreenKey]);

  const game = given ?? pickedGame;
  return (
    <aside
      ref={ref}
      className={[
        "ad-slot",
        `ad-slot--${variant}`,
        filled === "house" && game ? "ad-slot--house" : null,
        className,
      ]
        .filter(Boolean)
        .join(" ")}
      data-slot={slot}
      data-filled={filled}
      data-seen={seen ? "true" : "false"}
      aria-label={label}
    >
      <span className="ad-slot__label">
        {filled === "house" && game ? "Sponsored" : "Advertisement"}
      </span>
      {filled === "network" && adClientId ? (
        <ins
          ref={insRef}
          className="adsbygoogle"
          style={{ display: "block", width: "100%" }}
          data-ad-client={adClientId}
          data-ad-slot={slot}
          data-ad-format="auto"
          data-full-width-responsive="true"
        />
      ) : null}
      {filled === "house" && game ? <HouseAd game={game} /> : null}
    </aside>
  );
}
