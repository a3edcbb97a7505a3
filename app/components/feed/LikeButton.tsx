import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { track } from "~/lib/analytics";
import { formatCount } from "#contract/format";
import type { action as likeAction } from "~/routes/actions.like";
import { FEED_ANIMATION_MS } from "~/state/feed";
import { ACTION_PATHS, ReturnHereField } from "../ActionForm";
import { useAccount } from "../AccountProvider";
import { HeartIcon } from "../icons";
import { useViewer } from "../root-data";

/** SPEC.md §4 Like: visitors get the login popup; players send like or dislike by the current state, with a heart beat. */
export function LikeButton({
  gameId,
  name,
  liked: savedLiked,
  count: savedCount,
}: {
  gameId: number;
  name: string;
  liked: boolean;
  count: number;
}) {
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const fetcher = useFetcher<typeof likeAction>();
  const [beating, setBeating] = useState(false);
  const beatTimer = useRef(0);

  // The feed is not reloaded after a like (routes/home-page.tsx), so the server's answer is the state from then on;
  // what was sent shows at once, and a failure falls back to the last known state.
  const answer = fetcher.data?.ok ? fetcher.data.answer : null;
  const known = answer
    ? { liked: answer.is_liked, count: answer.total_likes }
    : { liked: savedLiked, count: savedCount };
  const sent = fetcher.formData?.get("type");
  const liked =
    sent !== undefined && sent !== null ? sent === "like" : known.liked;
  const count =
    liked === known.liked
      ? known.count
      : Math.max(0, known.count + (liked ? 1 : -1));

  useEffect(() => () => window.clearTimeout(beatTimer.current), []);
  useEffect(() => {
    if (answer?.is_liked) track("LikeGame", { game_id: answer.game_id });
  }, [answer]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!viewer) {
      event.preventDefault();
      openLogin();
      return;
    }
    if (fetcher.state !== "idle") {
      event.preventDefault();
      return;
    }
    setBeating(true);
    window.clearTimeout(beatTimer.current);
    beatTimer.current = window.setTimeout(
      () => setBeating(false),
      FEED_ANIMATION_MS,
    );
  };

  return (
    <fetcher.Form
      method="post"
      action={ACTION_PATHS.like}
      onSubmit={onSubmit}
      style={{ display: "contents" }}
    >
      <input type="hidden" name="game_id" value={gameId} />
      <input type="hidden" name="type" value={liked ? "dislike" : "like"} />
      <ReturnHereField />
      <button
        type="submit"
        className={[
          "feed-action",
          "feed-like",
          liked ? "is-liked" : "",
          beating ? "is-beating" : "",
        ]
          .filter(Boolean)
          .join(" ")}
        aria-label={`Like ${name}, ${formatCount(count)} ${count === 1 ? "like" : "likes"}`}
        aria-pressed={liked}
        aria-haspopup={viewer ? undefined : "dialog"}
      >
        <span className="feed-action__icon">
          <HeartIcon size={28} filled={liked} />
        </span>
        <span className="feed-action__label" data-testid="like-count">
          {formatCount(count)}
        </span>
      </button>
    </fetcher.Form>
  );
}
