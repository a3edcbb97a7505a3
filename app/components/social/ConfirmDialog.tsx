import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import type { action as socialAction } from "~/routes/social";
import { AlertIcon } from "../icons";
import { Modal } from "../Modal";

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's label, e.g. "Unfriend". */
  confirmLabel: string;
  /** What confirming posts to the Social page's action: the intent and whom it is about. */
  intent: "unfriend" | "block";
  userId: number;
  /** The server did it; a failure keeps the dialog open with the server's message. */
  onDone: () => void;
  onClose: () => void;
}

/** "Are you sure?" before something that cannot simply be undone (unfriend, block), posted to /social's action. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  intent,
  userId,
  onDone,
  onClose,
}: ConfirmDialogProps) {
  const headingId = useId();
  const fetcher = useFetcher<typeof socialAction>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each answer counts once, however often the parent renders meanwhile.
  const told = useRef<typeof answer>(undefined);
  useEffect(() => {
    if (!answer?.ok || told.current === answer) return;
    told.current = answer;
    onDone();
  }, [answer, onDone]);
  const error = answer?.ok === false ? answer.error : null;

  return (
    <Modal labelledBy={headingId} onClose={onClose} className="confirm-dialog">
      <h2 id={headingId} className="modal__title confirm-dialog__title">
        {title}
      </h2>
      <div className="modal__lead">{children}</div>
      {error ? (
        <p className="alert alert--error confirm-dialog__error" role="alert">
          <AlertIcon size={18} />
          {error}
        </p>
      ) : null}
      <fetcher.Form
        method="post"
        action="/social"
        className="confirm-dialog__actions"
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="user_id" value={userId} />
        <button
          type="button"
          className="button button--ghost"
          onClick={onClose}
          data-autofocus
        >
          Cancel
        </button>
        <button
          type="submit"
          className="button button--danger"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? (
            <span className="button__spinner" aria-hidden="true" />
          ) : null}
          {busy ? "Please wait" : confirmLabel}
        </button>
      </fetcher.Form>
    </Modal>
  );
}
