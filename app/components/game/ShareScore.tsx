import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ScoreShare } from "#contract/shares";
import {
  canShareNatively,
  copyText,
  shareLink,
  type ShareOutcome,
} from "~/lib/share-link";
import type { action as shareAction } from "~/routes/actions.share";
import { ACTION_PATHS, ReturnHereField } from "../ActionForm";
import { CheckIcon } from "../icons";
import { CopyIcon, ShareIcon } from "../social/icons";
import "./ShareScore.css";

/** How long "Link copied" stays. */
const FEEDBACK_FOR_MS = 4_000;

const FEEDBACK: Record<ShareOutcome, string | null> = {
  shared: "Shared",
  dismissed: null,
  copied: "Link copied",
  "copy-failed": "Copying is blocked here: select the link above and copy it.",
};

export interface ShareScoreProps {
  /** The round (a score's id) or the match to share: exactly one. */
  scoreId?: number;
  matchId?: number;
  /** What the share sheet says along with the link. */
  text: string;
  gameName: string;
}

/**
 * Share my score (ADR 017): makes the result public at /scores/{id}, then hands the link to the system share sheet
 * where there is one, or copies it, and shows it either way. Without JavaScript the form goes to the shared page.
 */
export function ShareScore({
  scoreId,
  matchId,
  text,
  gameName,
}: ShareScoreProps) {
  const fetcher = useFetcher<typeof shareAction>();
  const [share, setShare] = useState<ScoreShare | null>(null);
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const [nativeShare, setNativeShare] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  // Only while the link is being made: the answer is there while the page's data is fetched afresh after it.
  const busy = fetcher.state === "submitting";
  const error =
    fetcher.state === "idle" && fetcher.data?.ok === false
      ? fetcher.data.error
      : null;

  useEffect(() => setNativeShare(canShareNatively()), []);

  const deliver = async (link: ScoreShare) => {
    setOutcome(
      await shareLink(
        { title: `${gameName} on Playfeed`, text, url: link.url },
        fieldRef.current,
      ),
    );
  };

  // The link has just been made for this tap: once its field is on screen (the copy fallback selects it), hand it
  // on at once, while the tap still counts as the player's.
  const answered = fetcher.data?.ok ? fetcher.data.answer : null;
  const handOn = useRef(false);
  useEffect(() => {
    if (!answered || answered.id === share?.id) return;
    handOn.current = true;
    setShare(answered);
  }, [answered, share]);
  useEffect(() => {
    if (!share || !handOn.current) return;
    handOn.current = false;
    void deliver(share);
    // `deliver` reads only refs and setters; a new share alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [share]);

  useEffect(() => {
    if (outcome !== "copied" && outcome !== "shared") return;
    const timer = window.setTimeout(() => setOutcome(null), FEEDBACK_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Once made, the link is handed on straight from the tap: no second request.
    if (share) {
      event.preventDefault();
      void deliver(share);
    } else if (busy) event.preventDefault();
  };

  const copy = async () => {
    if (share)
      setOutcome(
        (await copyText(share.url, fieldRef.current))
          ? "copied"
          : "copy-failed",
      );
  };

  const feedback = outcome ? FEEDBACK[outcome] : null;
  return (
    <div className="share-score">
      <fetcher.Form
        method="post"
        action={ACTION_PATHS.share}
        onSubmit={onSubmit}
      >
        {scoreId !== undefined ? (
          <input type="hidden" name="score_id" value={scoreId} />
        ) : null}
        {matchId !== undefined ? (
          <input type="hidden" name="match_id" value={matchId} />
        ) : null}
        <ReturnHereField />
        <button
          type="submit"
          className="button button--secondary button--large button--block"
          aria-busy={busy}
          data-testid="share-score"
        >
          <ShareIcon size={20} />{" "}
          {busy ? "Making your link…" : "Share my score"}
        </button>
      </fetcher.Form>
      {error ? (
        <p className="share-score__error" role="alert">
          {error}
        </p>
      ) : null}
      {share ? (
        <div className="share-score__link">
          <label htmlFor="share-url" className="share-score__label">
            Your public link
          </label>
          <div className="share-score__row">
            <input
              id="share-url"
              ref={fieldRef}
              className="share-score__field"
              value={share.url}
              readOnly
              onFocus={(event) => event.target.select()}
              data-testid="share-url"
            />
            {nativeShare ? (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => void deliver(share)}
              >
                <ShareIcon size={16} /> Share
              </button>
            ) : null}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void copy()}
            >
              <CopyIcon size={16} /> Copy
            </button>
          </div>
          <a className="share-score__open" href={share.url}>
            Open the shared page
          </a>
        </div>
      ) : null}
      <p className="share-score__status" role="status" aria-live="polite">
        {feedback ? (
          <span
            className={
              outcome === "copy-failed"
                ? "share-score__hint"
                : "share-score__done"
            }
          >
            {outcome === "copy-failed" ? null : <CheckIcon size={16} />}
            {feedback}
          </span>
        ) : null}
      </p>
    </div>
  );
}
