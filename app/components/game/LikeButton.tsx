import { useEffect, useRef, useState } from "react";
import { track } from "~/lib/analytics";
import { apiFetch, errorMessage } from "~/lib/api";
import { formatCount } from "#contract/format";
import type { LikeAnswer } from "#contract/games";
import { useAccount } from "../AccountProvider";
import { HeartIcon } from "../icons";
import { useViewer } from "../root-data";
import "./LikeButton.css";

/** SPEC.md §9: the heart's beat. */
const BEAT_MS = 500;

export interface LikeButtonProps {
  gameId: number;
  liked: boolean;
  count: number;
  /** SPEC.md §4: on the detail page the button only ever sends like, and a failure still shows liked. */
  likeOnly?: boolean;
  className?: string;
}

/** The heart with the like count: a visitor gets the login popup; a player likes (or unlikes) with a beat. */
export function LikeButton({
  gameId,
  liked: initialLiked,
  count: initialCount,
  likeOnly = false,
  className,
}: LikeButtonProps) {
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const [state, setState] = useState({
    liked: initialLiked,
    count: initialCount,
  });
  const [beating, setBeating] = useState(false);
  const busy = useRef(false);

  // Fresh loader data (after a revalidation) wins over what this button remembers.
  useEffect(
    () => setState({ liked: initialLiked, count: initialCount }),
    [initialLiked, initialCount],
  );

  useEffect(() => {
    if (!beating) return;
    const timer = window.setTimeout(() => setBeating(false), BEAT_MS);
    return () => window.clearTimeout(timer);
  }, [beating]);

  const onClick = async () => {
    if (!viewer) {
      openLogin();
      return;
    }
    if (busy.current || (likeOnly && state.liked)) return;
    const type = likeOnly || !state.liked ? "like" : "dislike";
    const before = state;
    busy.current = true;
    setBeating(true);
    setState({
      liked: type === "like",
      count: Math.max(0, before.count + (type === "like" ? 1 : -1)),
    });
    if (type === "like") track("LikeGame", { game: gameId });
    try {
      const answer = await apiFetch<LikeAnswer>("/api/game/like", {
        method: "POST",
        json: { game_id: gameId, user_id: viewer._id, type },
      });
      setState({ liked: answer.is_liked, count: answer.total_likes });
    } catch (error) {
      // SPEC.md §8: on detail a failed like is only logged and the heart stays red.
      console.warn("Like failed:", errorMessage(error));
      if (!likeOnly) setState(before);
    } finally {
      busy.current = false;
    }
  };

  return (
    <button
      type="button"
      className={[
        "like-button",
        state.liked ? "is-liked" : null,
        beating ? "is-beating" : null,
        className,
      ]
        .filter(Boolean)
        .join(" ")}
      aria-pressed={state.liked}
      aria-label={`${state.liked ? "Liked" : "Like"} · ${state.count} ${state.count === 1 ? "like" : "likes"}`}
      onClick={onClick}
      data-testid="like-button"
    >
      <HeartIcon size={20} filled={state.liked} />
      <strong className="like-button__count" data-testid="like-count">
        {formatCount(state.count)}
      </strong>
      <span className="like-button__label" aria-hidden="true">
        {state.count === 1 ? "like" : "likes"}
      </span>
    </button>
  );
}
