import { Link } from "@remix-run/react";
import { Modal } from "../Modal";
import { SwordsIcon } from "../icons";
import "./ChallengePopup.css";

/** SPEC.md §4 Challenge: what a challenge is; Continue starts a challenge round (type=1). */
export function ChallengePopup({
  gameId,
  gameName,
  onClose,
}: {
  gameId: number;
  gameName: string;
  onClose: () => void;
}) {
  return (
    <Modal
      labelledBy="challenge-title"
      onClose={onClose}
      className="challenge-popup"
    >
      <div className="challenge-popup__icon" aria-hidden="true">
        <SwordsIcon size={28} />
      </div>
      <header className="modal__header">
        <h2 id="challenge-title" className="modal__title">
          Challenge a friend
        </h2>
        <p className="modal__lead">
          Play a round of {gameName} and set the score to beat.
        </p>
      </header>
      <ol className="challenge-popup__steps">
        <li>Play a round and set your best score.</li>
        <li>Pick a friend and bet some coins.</li>
        <li>Whoever scores higher wins the bet.</li>
      </ol>
      <Link
        to={`/play/${gameId}?type=1`}
        className="button button--primary button--block"
        data-autofocus=""
      >
        Continue
      </Link>
    </Modal>
  );
}
