import { useFetcher } from "@remix-run/react";
import type { FormEvent } from "react";
import type { action as saveAction } from "~/routes/actions.save";
import { ACTION_PATHS, ReturnHereField } from "../ActionForm";
import { useAccount } from "../AccountProvider";
import { BookmarkIcon } from "../icons";
import { useViewer } from "../root-data";
import "./SaveButton.css";

/** Save for later: the saved games are listed under 'All Games'. */
export function SaveButton({
  gameId,
  saved: savedBefore,
}: {
  gameId: number;
  saved: boolean;
}) {
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const fetcher = useFetcher<typeof saveAction>();
  const sent = fetcher.formData?.get("saved");
  const saved =
    sent !== undefined && sent !== null ? sent === "true" : savedBefore;
  const busy = fetcher.state !== "idle";
  const error =
    fetcher.state === "idle" && fetcher.data?.ok === false
      ? fetcher.data.error
      : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (viewer && !busy) return;
    event.preventDefault();
    if (!viewer) openLogin();
  };

  return (
    <fetcher.Form
      method="post"
      action={ACTION_PATHS.save}
      onSubmit={onSubmit}
      style={{ display: "contents" }}
    >
      <input type="hidden" name="game_id" value={gameId} />
      <input type="hidden" name="saved" value={String(!saved)} />
      <ReturnHereField />
      <button
        type="submit"
        className={saved ? "action-chip is-active" : "action-chip"}
        aria-pressed={saved}
        aria-busy={busy}
        data-testid="save-button"
      >
        <BookmarkIcon size={18} className={saved ? "icon--solid" : undefined} />
        {saved ? "Saved" : "Save"}
      </button>
      {error ? (
        <span className="action-error" role="alert">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
