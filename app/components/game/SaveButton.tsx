import { useEffect, useState } from "react";
import type { SaveAnswer } from "#contract/games";
import { apiFetch, errorMessage } from "~/lib/api";
import { useAccount } from "../AccountProvider";
import { BookmarkIcon } from "../icons";
import { useViewer } from "../root-data";
import "./SaveButton.css";

/** Save for later (POST /api/game/save): the saved games are listed under 'All Games'. */
export function SaveButton({
  gameId,
  saved: initialSaved,
}: {
  gameId: number;
  saved: boolean;
}) {
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const [saved, setSaved] = useState(initialSaved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setSaved(initialSaved), [initialSaved]);

  const onClick = async () => {
    if (!viewer) {
      openLogin();
      return;
    }
    const wanted = !saved;
    setBusy(true);
    setError(null);
    setSaved(wanted);
    try {
      const answer = await apiFetch<SaveAnswer>("/api/game/save", {
        method: "POST",
        json: { game_id: gameId, saved: wanted },
      });
      setSaved(answer.is_saved);
    } catch (failure) {
      setSaved(!wanted);
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={saved ? "action-chip is-active" : "action-chip"}
        aria-pressed={saved}
        aria-busy={busy}
        onClick={onClick}
        data-testid="save-button"
      >
        <BookmarkIcon size={18} fill={saved ? "currentColor" : "none"} />
        {saved ? "Saved" : "Save"}
      </button>
      {error ? (
        <span className="action-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
