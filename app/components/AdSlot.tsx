import { useEffect, useRef, useState } from "react";
import { AD_SCRIPT_URL, AD_VISIBLE_RATIO } from "~/lib/ads";
import type { Game } from "#contract/types";
import { HouseAd, type HouseAdGame } from "./HouseAd";
import { useRootData } from "./root-data";
import "./AdSlot.css";

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
  /** SPEC.md §8: the network did not fill the slot (or there is no network); a house ad is shown instead. */
  onNotFilled?: (slot: string) => void;
  /** SPEC.md §9: a tenth of the slot came into view. Called once. */
  onSeen?: (slot: string) => void;
}

type AdsWindow = { adsbygoogle?: unknown[] };

let scriptLoad: Promise<void> | null = null;
/** The network script, added to the page once however many slots there are. */
function loadAdScript(clientId: string): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.async = true;
    script.crossOrigin = "anonymous";
    script.src = `${AD_SCRIPT_URL}?client=${encodeURIComponent(clientId)}`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("ad script failed to load"));
    document.head.appendChild(script);
  });
  return scriptLoad;
}

let publishedGames: Promise<HouseAdGame[]> | null = null;
/** Games for house ads on pages that pass none; one request per page load, shared by every slot. */
function housePool(): Promise<HouseAdGame[]> {
  publishedGames ??= fetch("/api/game/published", {
    headers: { Accept: "application/json" },
  })
    .then((response) => (response.ok ? response.json<Game[]>() : []))
    .then((games) => games.filter((game) => !game.is_placeholder))
    .catch(() => []);
  return publishedGames;
}

function slotNumber(slot: string): number {
  let hash = 0;
  for (const char of slot) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

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
        const adsWindow = window as unknown as AdsWindow;
        (adsWindow.adsbygoogle ??= []).push({});
      })
      .catch(notFilled);
    return () => {
      active = false;
      watcher.disconnect();
    };
  }, [adClientId, slot]);

  useEffect(() => {
    if (filled !== "house" || houseGame) return;
    let active = true;
    void housePool().then((games) => {
      if (active && games.length > 0)
        setPickedGame(games[slotNumber(slot) % games.length]);
    });
    return () => {
      active = false;
    };
  }, [filled, houseGame, slot]);

  const game = houseGame ?? pickedGame;
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
