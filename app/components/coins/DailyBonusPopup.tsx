import { useState } from "react";
import { bonusCards, bonusCredit, type BonusCard } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { CheckIcon, CoinIcon, LockIcon } from "../icons";
import { GiftIcon } from "../page-icons";
import { Modal } from "../Modal";
import { BonusSchedule } from "./BonusSchedule";
import "./DailyBonusPopup.css";

export interface DailyBonusPopupProps {
  /** The day card to collect today, 0-based (SPEC.md §3 login_day). */
  loginDay: number;
  /** Today's bonus is already collected (elsewhere): every card up to today reads Collected. */
  collected?: boolean;
  /** Claims today's bonus; a thrown error's message shows in the popup. */
  onCollect: () => Promise<void>;
  onClose: () => void;
  error?: string | null;
}

/**
 * SPEC.md §2/§4 Daily Bonus: six day cards, Collected below login_day, Collect at it (the only button), Locked above;
 * each shows its coins. Collecting credits today's bonus; closing leaves it for tomorrow. Below the cards: when the next
 * bonus comes (a countdown and the player's local time) and how days turn over.
 */
export function DailyBonusPopup({
  loginDay,
  collected = false,
  onCollect,
  onClose,
  error,
}: DailyBonusPopupProps) {
  const [busy, setBusy] = useState(false);
  const collect = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onCollect();
    } finally {
      setBusy(false);
    }
  };
  const today = bonusCredit(loginDay);
  return (
    <Modal
      labelledBy="daily-bonus-title"
      onClose={onClose}
      className="daily-bonus"
    >
      <div className="daily-bonus__icon" aria-hidden="true">
        <GiftIcon size={30} />
      </div>
      <header className="modal__header daily-bonus__header">
        <h2 id="daily-bonus-title" className="modal__title">
          Daily Bonus
        </h2>
        <p className="modal__lead">
          {collected
            ? "Today's bonus is in your wallet. "
            : `Collect ${formatNumber(today)} coins today. `}
          Come back every day to grow your bonus.
        </p>
      </header>
      <ol className="bonus-cards" aria-label="Bonus days">
        {bonusCards(loginDay).map((card) => (
          <BonusDay
            key={card.day}
            card={
              card.state === "collect" && collected
                ? { ...card, state: "collected" }
                : card
            }
          >
            {card.state === "collect" && !collected ? (
              <button
                type="button"
                className="button button--primary button--small bonus-card__collect"
                onClick={collect}
                disabled={busy}
                aria-busy={busy}
                data-autofocus=""
              >
                {busy ? (
                  <span className="button__spinner" aria-hidden="true" />
                ) : null}
                Collect
              </button>
            ) : null}
          </BonusDay>
        ))}
      </ol>
      <BonusSchedule pending={!collected} />
      {error ? (
        <p className="alert alert--error daily-bonus__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

function BonusDay({
  card,
  children,
}: {
  card: BonusCard;
  children?: React.ReactNode;
}) {
  return (
    <li
      className={`bonus-card bonus-card--${card.state}`}
      data-testid="bonus-card"
      data-state={card.state}
    >
      <span className="bonus-card__day">Day {card.day}</span>
      <span className="bonus-card__coin" aria-hidden="true">
        <CoinIcon size={26} />
      </span>
      <span className="bonus-card__coins">
        {formatNumber(card.coins)}
        <span className="visually-hidden"> coins</span>
      </span>
      {children ?? (
        <span className="bonus-card__state">
          {card.state === "collected" ? (
            <CheckIcon size={14} />
          ) : (
            <LockIcon size={14} />
          )}
          {card.state === "collected" ? "Collected" : "Locked"}
        </span>
      )}
    </li>
  );
}
