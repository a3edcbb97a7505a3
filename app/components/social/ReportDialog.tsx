import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { action as socialAction } from "~/routes/social";
import type { ChatEntry } from "~/state/chat";
import { AlertIcon, CheckIcon } from "../icons";
import { Modal } from "../Modal";
import "./ReportDialog.css";

export interface ReportDialogProps {
  friendId: number;
  friendName: string;
  message: ChatEntry;
  onReported: (msgId: string) => void;
  onClose: () => void;
}

const REASON_MAX = 500;

/** Report a friend's message (posted to /social's action, as POST /api/social/report): asks why, then thanks. */
export function ReportDialog({
  friendId,
  friendName,
  message,
  onReported,
  onClose,
}: ReportDialogProps) {
  const headingId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [blank, setBlank] = useState(false);
  const fetcher = useFetcher<typeof socialAction>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const done = answer?.ok === true;
  const told = useRef(false);
  useEffect(() => {
    if (!done || told.current) return;
    told.current = true;
    onReported(message.msg_id);
  }, [done, message.msg_id, onReported]);
  const error = blank
    ? "Say why you report this message"
    : answer?.ok === false
      ? answer.error
      : null;

  const submit = (event: FormEvent) => {
    setBlank(!reason.trim());
    if (!reason.trim()) event.preventDefault();
  };

  if (done) {
    return (
      <Modal labelledBy={headingId} onClose={onClose} className="report-dialog">
        <div className="report-dialog__done">
          <span className="report-dialog__badge" aria-hidden="true">
            <CheckIcon size={26} />
          </span>
          <h2 id={headingId} className="modal__title">
            Thanks for telling us
          </h2>
          <p className="modal__lead">
            We keep a copy of the message and our moderators will look at it.
            You can also block {friendName}.
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={onClose}
            data-autofocus
          >
            Done
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal labelledBy={headingId} onClose={onClose} className="report-dialog">
      <header className="modal__header">
        <h2 id={headingId} className="modal__title">
          Report message
        </h2>
        <p className="modal__lead">From {friendName}:</p>
      </header>
      <blockquote className="report-dialog__quote">
        {message.content}
      </blockquote>
      <fetcher.Form
        method="post"
        action="/social"
        className="form"
        onSubmit={submit}
        noValidate
      >
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="user_id" value={friendId} />
        <input type="hidden" name="msg_id" value={message.msg_id} />
        <div className={error ? "field field--invalid" : "field"}>
          <label htmlFor={reasonId}>Why are you reporting this message?</label>
          <textarea
            id={reasonId}
            name="reason"
            className="report-dialog__reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={REASON_MAX}
            rows={3}
            placeholder="Spam, insults, something else…"
            data-autofocus
          />
        </div>
        {error ? (
          <p className="alert alert--error" role="alert">
            <AlertIcon size={18} />
            {error}
          </p>
        ) : null}
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={onClose}
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
            {busy ? "Please wait" : "Report"}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
