import { useState } from "react";
import { EXIT_CONFIRMATION } from "~/lib/play";
import { Modal } from "../Modal";
import "./ExitDialog.css";

/** SPEC.md §8 exit confirmation: Cancel goes back to the game, Yes leaves it. */
export function ExitDialog({
  onCancel,
  onConfirm,
}: {
  onCancel: () => void;
  onConfirm: () => Promise<void> | void;
}) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Modal
      labelledBy="exit-title"
      onClose={leaving ? () => undefined : onCancel}
      className="exit-dialog"
    >
      <h2 id="exit-title" className="modal__title exit-dialog__text">
        {EXIT_CONFIRMATION}
      </h2>
      <div className="exit-dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          disabled={leaving}
          data-autofocus
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true);
            await onConfirm();
          }}
        >
          Yes
        </button>
      </div>
    </Modal>
  );
}
