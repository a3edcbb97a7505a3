import { Link } from "@remix-run/react";
import { COIN_MESSAGES } from "#contract/coins";
import { CoinIcon } from "../icons";
import { Modal } from "../Modal";
import "./CoinPopups.css";

/** A popup saying the wallet cannot cover something, with the way to the shop. */
function ShortOfCoinsPopup({
  id,
  title,
  text,
  onClose,
}: {
  id: string;
  title: string;
  text: string;
  onClose: () => void;
}) {
  return (
    <Modal labelledBy={id} onClose={onClose} className="coin-popup">
      <div className="coin-popup__icon" aria-hidden="true">
        <CoinIcon size={30} />
      </div>
      <h2 id={id} className="modal__title coin-popup__title">
        {title}
      </h2>
      <p className="coin-popup__text">{text}</p>
      <div className="coin-popup__actions">
        <Link
          to="/shop"
          className="button button--primary button--block"
          onClick={onClose}
          data-autofocus=""
        >
          Shop
        </Link>
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={onClose}
        >
          Close
        </button>
      </div>
    </Modal>
  );
}

/** SPEC.md §5 'Insufficient Coins': the bet is more than the wallet holds (challenge dialog). */
export function InsufficientCoinsPopup({ onClose }: { onClose: () => void }) {
  return (
    <ShortOfCoinsPopup
      id="insufficient-coins-title"
      title={COIN_MESSAGES.insufficientTitle}
      text={COIN_MESSAGES.insufficient}
      onClose={onClose}
    />
  );
}

/** SPEC.md §2/§8 'Not enough coins?': the wallet cannot cover what the player tried (accepting a challenge). */
export function NotEnoughCoinsPopup({ onClose }: { onClose: () => void }) {
  return (
    <ShortOfCoinsPopup
      id="not-enough-coins-title"
      title={COIN_MESSAGES.notEnoughTitle}
      text={COIN_MESSAGES.notEnough}
      onClose={onClose}
    />
  );
}
