import type { Game } from "#contract/types";
import { gamesBesideAd } from "~/lib/ads";
import type { FeedItem } from "~/state/feed";
import { AdSlot } from "../AdSlot";
import { inert } from "../inert";
import { FeedGameSlide } from "./FeedGameSlide";

/** Items further than this from the current one render as empty frames: a feed of hundreds of games stays light. */
const RENDER_RADIUS = 2;

export interface FeedSlideProps {
  items: FeedItem<Game>[];
  index: number;
  current: number;
  /** The current item or a neighbour: a game's video gets its source. */
  withVideo: boolean;
  drawerOpen: boolean;
  onOpenPublisher: () => void;
  onOpenLeaderboard: () => void;
}

/** One screen of the feed, a game or an ad; off-screen slides take no focus, in the server's HTML as after it. */
export function FeedSlide({
  items,
  index,
  current,
  withVideo,
  drawerOpen,
  onOpenPublisher,
  onOpenLeaderboard,
}: FeedSlideProps) {
  const item = items[index];
  const near = Math.abs(index - current) <= RENDER_RADIUS;
  const isCurrent = index === current;
  return (
    <section
      className={`feed__slide feed__slide--${item.kind}`}
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${items.length}`}
      aria-hidden={!isCurrent || undefined}
      {...inert(!isCurrent || drawerOpen)}
      data-index={index}
      data-kind={item.kind}
      data-current={isCurrent || undefined}
    >
      {!near ? null : item.kind === "game" ? (
        <FeedGameSlide
          game={item.game}
          withVideo={withVideo}
          active={isCurrent && !drawerOpen}
          eager={isCurrent}
          onOpenPublisher={onOpenPublisher}
          onOpenLeaderboard={onOpenLeaderboard}
        />
      ) : (
        <div className="feed-ad">
          <AdSlot
            slot={item.slot}
            variant="box"
            className="feed-ad__slot"
            onScreenGameIds={gamesBesideAd(items, index)}
          />
          {/* A finger swipes; a mouse and keyboard scroll or press ↓ (CSS picks by pointer). */}
          <p className="feed-ad__hint feed-ad__hint--touch">
            Swipe up for the next game
          </p>
          <p className="feed-ad__hint feed-ad__hint--desktop">
            Scroll or press ↓ for the next game
          </p>
        </div>
      )}
    </section>
  );
}
