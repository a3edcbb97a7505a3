import { useRef, useState } from "react";
import { Modal } from "../Modal";
import { CheckIcon } from "../icons";
import { LinkIcon } from "../page-icons";
import "./SharePopup.css";

export interface SharePopupProps {
  name: string;
  /** Absolute address of the game's page. */
  url: string;
  onClose: () => void;
}

function tweetIntentUrl(name: string, url: string): string {
  const params = new URLSearchParams({ text: `Play ${name} on Playfeed`, url });
  return `https://twitter.com/intent/tweet?${params.toString()}`;
}

const XLogo = ({ size = 18 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill="currentColor"
  >
    <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
  </svg>
);

/** SPEC.md §2 Share: an X/Twitter share in a small window, and the link to copy. */
export function SharePopup({ name, url, onClose }: SharePopupProps) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const linkRef = useRef<HTMLInputElement>(null);
  const intent = tweetIntentUrl(name, url);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      // No clipboard permission: select the link so the player can copy it by hand.
      linkRef.current?.select();
      setCopied("failed");
    }
  };

  return (
    <Modal labelledBy="share-title" onClose={onClose} className="share-popup">
      <header className="modal__header">
        <h2 id="share-title" className="modal__title">
          Share
        </h2>
        <p className="modal__lead">Invite your friends to play {name}.</p>
      </header>
      <div className="share-popup__actions">
        <a
          href={intent}
          target="_blank"
          rel="noopener noreferrer"
          className="button button--secondary button--block share-popup__x"
          onClick={(event) => {
            if (window.open(intent, "share", "width=550,height=420"))
              event.preventDefault();
          }}
        >
          <XLogo />
          Share on X
        </a>
        <div className="share-popup__link">
          <label htmlFor="share-link" className="visually-hidden">
            Link to {name}
          </label>
          <input
            id="share-link"
            ref={linkRef}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button button--primary"
            onClick={copy}
            data-autofocus=""
          >
            {copied === "copied" ? (
              <CheckIcon size={18} />
            ) : (
              <LinkIcon size={18} />
            )}
            Copy link
          </button>
        </div>
        <p className="share-popup__status" role="status">
          {copied === "copied"
            ? "Link copied"
            : copied === "failed"
              ? "Press Ctrl+C (⌘C) to copy the selected link"
              : ""}
        </p>
      </div>
    </Modal>
  );
}
