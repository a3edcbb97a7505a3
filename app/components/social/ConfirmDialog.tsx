import { useId, useState, type ReactNode } from "react";
import { errorMessage } from "~/lib/api";
import { AlertIcon } from "../icons";
import { Modal } from "../Modal";

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's label, e.g. "Unfriend". */
  confirmLabel: string;
  /** Does the thing; a failure keeps the dialog open with the server's message. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** "Are you sure?" before something that cannot simply be undone (unfriend, block). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

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
      <div className="confirm-dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onClose}
          data-autofocus
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? (
            <span className="button__spinner" aria-hidden="true" />
          ) : null}
          {busy ? "Please wait" : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
