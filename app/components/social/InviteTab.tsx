import { useEffect, useRef, useState } from "react";
import type { InviteAnswer } from "#contract/social";
import { apiFetch, errorMessage } from "~/lib/api";
import { copyText } from "~/lib/share-link";
import { EmptyState } from "../EmptyState";
import { AlertIcon, CheckIcon } from "../icons";
import { LinkIcon } from "../page-icons";
import { Loader } from "../Loader";
import { CopyIcon, ShareIcon } from "./icons";
import "./InviteTab.css";

/** How long "Link copied" stays. */
const COPIED_FOR_MS = 2_500;

const SHARE_TEXT =
  "Play casual games with me on Playfeed! Sign up with my link and we'll be friends straight away.";

/** Invite: the viewer's personal link (GET /api/social/invite), shared with the Web Share API or copied. */
export function InviteTab({ active }: { active: boolean }) {
  const [invite, setInvite] = useState<InviteAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  useEffect(() => {
    if (!active && !started.current) return;
    started.current = true;
    let current = true;
    setError(null);
    apiFetch<InviteAnswer>("/api/social/invite")
      .then((answer) => current && setInvite(answer))
      .catch((failure: unknown) => current && setError(errorMessage(failure)));
    return () => {
      current = false;
    };
  }, [active, attempt]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (error && !invite) {
    return (
      <EmptyState
        title="Your invite link could not be loaded"
        icon={<AlertIcon size={28} />}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => setAttempt((count) => count + 1)}
          >
            Try again
          </button>
        }
      >
        <p role="alert">{error}</p>
      </EmptyState>
    );
  }
  if (!invite) return <Loader block />;

  const copy = async () =>
    setCopied(
      (await copyText(invite.url, fieldRef.current)) ? "yes" : "failed",
    );
  const share = async () => {
    try {
      await navigator.share({
        title: "Join me on Playfeed",
        text: SHARE_TEXT,
        url: invite.url,
      });
    } catch (failure) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (!(failure instanceof DOMException && failure.name === "AbortError"))
        await copy();
    }
  };

  return (
    <section className="invite-card" aria-labelledby="invite-title">
      <div className="invite-card__badge" aria-hidden="true">
        <LinkIcon size={28} />
      </div>
      <h2 id="invite-title" className="invite-card__title">
        Invite your friends
      </h2>
      <p className="invite-card__lead">
        Share your personal link. When a friend signs up through it, you become
        friends straight away and can chat and play together.
      </p>
      <div className="invite-link">
        <label htmlFor="invite-url" className="visually-hidden">
          Your invite link
        </label>
        <input
          id="invite-url"
          ref={fieldRef}
          className="invite-link__field"
          value={invite.url}
          readOnly
          onFocus={(event) => event.target.select()}
          data-testid="invite-url"
        />
      </div>
      <div className="invite-card__actions">
        {canShare ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void share()}
          >
            <ShareIcon size={18} /> Share
          </button>
        ) : null}
        <button
          type="button"
          className={
            canShare ? "button button--ghost" : "button button--primary"
          }
          onClick={() => void copy()}
        >
          <CopyIcon size={18} /> Copy link
        </button>
      </div>
      <p className="invite-card__status" role="status" aria-live="polite">
        {copied === "yes" ? (
          <span className="invite-card__copied">
            <CheckIcon size={16} /> Link copied
          </span>
        ) : copied === "failed" ? (
          "Copying is blocked here: select the link above and copy it."
        ) : null}
      </p>
      <ol className="invite-steps">
        <li>
          <span className="invite-steps__number">1</span>Send your link to a
          friend
        </li>
        <li>
          <span className="invite-steps__number">2</span>They create their
          Playfeed account
        </li>
        <li>
          <span className="invite-steps__number">3</span>You are friends: chat
          and play together
        </li>
      </ol>
    </section>
  );
}
