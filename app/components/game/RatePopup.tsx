import { useState, type FormEvent } from "react";
import type { RateAnswer } from "#contract/games";
import { apiFetch, errorMessage } from "~/lib/api";
import { Modal } from "../Modal";
import { StarIcon } from "../icons";
import "./RatePopup.css";

const STARS = [1, 2, 3, 4, 5] as const;
const STAR_WORDS = ["", "Poor", "Fair", "Good", "Great", "Amazing"];

export interface RatePopupProps {
  gameId: number;
  gameName: string;
  /** The player's earlier rating, preselected. */
  current?: number | null;
  onClose: () => void;
  onRated: (answer: RateAnswer) => void;
}

/**
 * SPEC.md §2/§4 'Rate This Game': five stars as a radio group (arrow keys move between them), Submit sends
 * POST /api/game/rate and closes.
 */
export function RatePopup({
  gameId,
  gameName,
  current,
  onClose,
  onRated,
}: RatePopupProps) {
  const [value, setValue] = useState(
    current && current >= 1 && current <= 5 ? current : 0,
  );
  const [hover, setHover] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = hover || value;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || value === 0) return;
    setBusy(true);
    setError(null);
    try {
      onRated(
        await apiFetch<RateAnswer>("/api/game/rate", {
          method: "POST",
          json: { game: gameId, value },
        }),
      );
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Modal labelledBy="rate-title" onClose={onClose} className="rate-popup">
      <header className="modal__header">
        <h2 id="rate-title" className="modal__title">
          Rate This Game
        </h2>
        <p className="modal__lead">How much fun is {gameName}?</p>
      </header>
      <form onSubmit={onSubmit} className="rate-popup__form">
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
                name="rating"
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
        {error ? (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={value === 0 || busy}
          aria-busy={busy}
        >
          Submit
        </button>
      </form>
    </Modal>
  );
}
