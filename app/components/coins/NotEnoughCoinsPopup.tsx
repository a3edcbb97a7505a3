import { Link } from "@remix-run/react";
import { COIN_MESSAGES } from "~/lib/coins";
import { CoinIcon } from "../icons";
import { Modal } from "../Modal";
import "~/styles/coins.css";

/** SPEC.md §2/§8 'Not enough coins?': the wallet cannot cover what the player tried; the Shop button goes to /shop. */
export function NotEnoughCoinsPopup({ onClose }: { onClose: () => void }) {
  return (
    <Modal labelledBy="not-enough-coins-title" onClose={onClose} className="coin-popup">
      <div className="coin-popup__icon" aria-hidden="true">
        <CoinIcon size={30} />
      </div>
      <h2 id="not-enough-coins-title" className="modal__title coin-popup__title">
        {COIN_MESSAGES.notEnoughTitle}
      </h2>
      <p className="coin-popup__text">{COIN_MESSAGES.notEnough}</p>
      <Link to="/shop" className="button button--primary button--block" onClick={onClose} data-autofocus="">
        Shop
      </Link>
    </Modal>
  );
}
