import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { action as rateAction } from "~/routes/actions.rate";
import { ACTION_PATHS, ReturnHereField, useHydrated } from "../ActionForm";
import { Modal } from "../Modal";
import { StarIcon } from "../icons";
import "./RatePopup.css";

const STARS = [1, 2, 3, 4, 5] as const;
const STAR_WORDS = ["", "Poor", "Fair", "Good", "Great", "Amazing"];

export interface RateFormProps {
  gameId: number;
  /** The player's earlier rating, preselected. */
  current?: number | null;
  /** Called once the rating is stored. */
  onRated?: () => void;
  /** Where a post without JavaScript returns to; the current page by default. */
  returnTo?: string;
}

/**
 * SPEC.md §2/§4 'Rate This Game': five stars as a radio group (arrow keys move between them); Submit posts to the
 * rate action, in place with JavaScript and as a plain form without.
 */
export function RateForm({
  gameId,
  current,
  onRated,
  returnTo,
}: RateFormProps) {
  const fetcher = useFetcher<typeof rateAction>();
  const hydrated = useHydrated();
  const [value, setValue] = useState(
    current && current >= 1 && current <= 5 ? current : 0,
  );
  const [hover, setHover] = useState(0);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown = hover || value;

  const onRatedRef = useRef(onRated);
  onRatedRef.current = onRated;
  useEffect(() => {
    if (result?.ok) onRatedRef.current?.();
  }, [result]);

  return (
    <fetcher.Form
      method="post"
      action={ACTION_PATHS.rate}
      className="rate-popup__form"
    >
      <input type="hidden" name="game" value={gameId} />
      <ReturnHereField to={returnTo} />
      <fieldset className="star-rating" onMouseLeave={() => setHover(0)}>
        <legend className="visually-hidden">Your rating</legend>
        {STARS.map((star) => (
          <label
            key={star}
            className={
              star <= shown ? "star-rating__star is-on" : "star-rating__star"
            }
            onMouseEnter={() => setHover(star)}
          >
            <input
              type="radio"
              name="value"
              value={star}
              checked={value === star}
              onChange={() => setValue(star)}
              data-autofocus={star === (value || 1) ? "" : undefined}
              className="visually-hidden"
            />
            <StarIcon size={40} filled={star <= shown} />
            <span className="visually-hidden">
              {star} {star === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="star-rating__word" aria-live="polite">
        {shown ? `${shown} / 5 · ${STAR_WORDS[shown]}` : "Tap a star"}
      </p>
      {result?.ok === false ? (
        <p className="alert alert--error" role="alert">
          {result.error}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--block"
        // Without JavaScript the chosen star is not known here, so the server checks it instead.
        disabled={(hydrated && value === 0) || busy}
        aria-busy={busy}
      >
        Submit
      </button>
    </fetcher.Form>
  );
}

export interface RatePopupProps extends RateFormProps {
  gameName: string;
  onClose: () => void;
}

/** The rate form in a popup, closed once the rating is stored. */
export function RatePopup({ gameName, onClose, ...form }: RatePopupProps) {
  return (
    <Modal labelledBy="rate-title" onClose={onClose} className="rate-popup">
      <header className="modal__header">
        <h2 id="rate-title" className="modal__title">
          Rate This Game
        </h2>
        <p className="modal__lead">How much fun is {gameName}?</p>
      </header>
      <RateForm {...form} />
    </Modal>
  );
}
