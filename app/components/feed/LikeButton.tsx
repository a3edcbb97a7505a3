import { useEffect, useRef, useState } from "react";
import { track } from "~/lib/analytics";
import { apiFetch } from "~/lib/api";
import { formatCount } from "#contract/format";
import type { LikeAnswer } from "#contract/games";
import { FEED_ANIMATION_MS } from "~/state/feed";
import { useAccount } from "../AccountProvider";
import { HeartIcon } from "../icons";
import { useViewer } from "../root-data";

/** SPEC.md §4 Like: visitors get the login popup; players send like or dislike by the current state, with a heart beat. */
export function LikeButton({
  gameId,
  name,
  liked: initialLiked,
  count: initialCount,
}: {
  gameId: number;
  name: string;
  liked: boolean;
  count: number;
}) {
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const [like, setLike] = useState({
    liked: initialLiked,
    count: initialCount,
  });
  const [beating, setBeating] = useState(false);
  const [busy, setBusy] = useState(false);
  const beatTimer = useRef(0);

  // Fresh loader data (e.g. after signing in) replaces the local state.
  useEffect(
    () => setLike({ liked: initialLiked, count: initialCount }),
    [initialLiked, initialCount],
  );
  useEffect(() => () => window.clearTimeout(beatTimer.current), []);

  const onClick = async () => {
    if (!viewer) {
      openLogin();
      return;
    }
    if (busy) return;
    const before = like;
    const next = {
      liked: !before.liked,
      count: Math.max(0, before.count + (before.liked ? -1 : 1)),
    };
    setLike(next);
    setBeating(true);
    window.clearTimeout(beatTimer.current);
    beatTimer.current = window.setTimeout(
      () => setBeating(false),
      FEED_ANIMATION_MS,
    );
    setBusy(true);
    try {
      const result = await apiFetch<LikeAnswer>("/api/game/like", {
        method: "POST",
        json: {
          game_id: gameId,
          user_id: viewer._id,
          type: before.liked ? "dislike" : "like",
        },
      });
      setLike({ liked: result.is_liked, count: result.total_likes });
      if (result.is_liked) track("LikeGame", { game_id: gameId });
    } catch {
      setLike(before);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={[
        "feed-action",
        "feed-like",
        like.liked ? "is-liked" : "",
        beating ? "is-beating" : "",
      ]
        .filter(Boolean)
        .join(" ")}
      aria-label={`Like ${name}`}
      aria-pressed={like.liked}
      aria-haspopup={viewer ? undefined : "dialog"}
      onClick={onClick}
    >
      <span className="feed-action__icon">
        <HeartIcon size={28} filled={like.liked} />
      </span>
      <span className="feed-action__label" data-testid="like-count">
        {formatCount(like.count)}
      </span>
    </button>
  );
}
