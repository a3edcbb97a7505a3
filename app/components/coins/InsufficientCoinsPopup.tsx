import { Link } from "@remix-run/react";
import { COIN_MESSAGES } from "~/lib/coins";
import { CoinIcon } from "../icons";
import { Modal } from "../Modal";
import "~/styles/coins.css";

/** SPEC.md §5 'Insufficient Coins': the bet is more than the wallet holds (challenge dialog). */
export function InsufficientCoinsPopup({ onClose }: { onClose: () => void }) {
  return (
    <Modal labelledBy="insufficient-coins-title" onClose={onClose} className="coin-popup">
      <div className="coin-popup__icon" aria-hidden="true">
        <CoinIcon size={30} />
      </div>
      <h2 id="insufficient-coins-title" className="modal__title coin-popup__title">
        {COIN_MESSAGES.insufficientTitle}
      </h2>
      <p className="coin-popup__text">{COIN_MESSAGES.insufficient}</p>
      <div className="coin-popup__actions">
        <Link to="/shop" className="button button--primary button--block" onClick={onClose} data-autofocus="">
          Shop
        </Link>
        <button type="button" className="button button--ghost button--block" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
