import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { track } from "~/lib/analytics";
import { formatCount } from "#contract/format";
import type { action as likeAction } from "~/routes/actions.like";
import { ACTION_PATHS, ReturnHereField } from "../ActionForm";
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
  liked: savedLiked,
  count: savedCount,
  likeOnly = false,
  className,
}: LikeButtonProps) {
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const fetcher = useFetcher<typeof likeAction>();
  const [beating, setBeating] = useState(false);
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false;

  // Until the page's data comes back fresh, the heart shows what was just sent.
  const sent = fetcher.formData?.get("type");
  const liked =
    sent !== undefined && sent !== null
      ? sent === "like"
      : savedLiked || (likeOnly && failed);
  const count =
    liked === savedLiked
      ? savedCount
      : Math.max(0, savedCount + (liked ? 1 : -1));

  useEffect(() => {
    // SPEC.md §8: on detail a failed like is only logged and the heart stays red.
    if (fetcher.data?.ok === false)
      console.warn("Like failed:", fetcher.data.error);
  }, [fetcher.data]);

  useEffect(() => {
    if (!beating) return;
    const timer = window.setTimeout(() => setBeating(false), BEAT_MS);
    return () => window.clearTimeout(timer);
  }, [beating]);

  const type = likeOnly || !liked ? "like" : "dislike";
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!viewer) {
      event.preventDefault();
      openLogin();
      return;
    }
    if (fetcher.state !== "idle" || (likeOnly && liked)) {
      event.preventDefault();
      return;
    }
    setBeating(true);
    if (type === "like") track("LikeGame", { game: gameId });
  };

  return (
    <fetcher.Form
      method="post"
      action={ACTION_PATHS.like}
      onSubmit={onSubmit}
      style={{ display: "contents" }}
    >
      <input type="hidden" name="game_id" value={gameId} />
      <input type="hidden" name="type" value={type} />
      <ReturnHereField />
      <button
        type="submit"
        className={[
          "like-button",
          liked ? "is-liked" : null,
          beating ? "is-beating" : null,
          className,
        ]
          .filter(Boolean)
          .join(" ")}
        aria-pressed={liked}
        aria-label={`Like, ${formatCount(count)} ${count === 1 ? "like" : "likes"}`}
        data-testid="like-button"
      >
        <HeartIcon size={20} filled={liked} />
        <strong className="like-button__count" data-testid="like-count">
          {formatCount(count)}
        </strong>{" "}
        <span className="like-button__label">
          {count === 1 ? "like" : "likes"}
        </span>
      </button>
    </fetcher.Form>
  );
}
