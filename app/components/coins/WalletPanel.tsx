import { DAILY_CHALLENGE_LIMIT, type WalletView } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { CoinIcon } from "../icons";
import "./WalletPanel.css";

/**
 * The signed-in player's balance and what is left of today's challenge limit, both from the page data, so they follow
 * every live update.
 */
export function WalletPanel({
  wallet,
  limit,
}: {
  wallet: number;
  limit: WalletView["challenge_limit"] | null;
}) {
  const usedShare =
    limit && limit.limit > 0 ? Math.min(1, limit.used / limit.limit) : 0;
  return (
    <section className="wallet-panel" aria-labelledby="wallet-title">
      <div className="wallet-panel__row">
        <h2 id="wallet-title" className="wallet-panel__label">
          Your balance
        </h2>
        <p className="wallet-panel__balance" data-testid="shop-balance">
          <CoinIcon size={24} />
          <span>
            <strong>{formatNumber(wallet)}</strong> coins
          </span>
        </p>
      </div>
      <div className="wallet-panel__row">
        <p className="wallet-panel__label">Today&apos;s challenge limit</p>
        <p className="wallet-panel__limit" data-testid="challenge-limit">
          {limit ? (
            <>
              <strong>{formatNumber(limit.left)}</strong> of{" "}
              {formatNumber(limit.limit)} coins left
            </>
          ) : (
            "Please wait"
          )}
        </p>
      </div>
      {limit ? (
        <div
          className="limit-meter"
          role="meter"
          aria-label="Coins put into challenges today"
          aria-valuemin={0}
          aria-valuemax={limit.limit}
          aria-valuenow={limit.used}
        >
          <div
            className="limit-meter__used"
            style={{ width: `${usedShare * 100}%` }}
          />
        </div>
      ) : null}
      <p className="wallet-panel__note">
        To keep play friendly, you can put up to{" "}
        {formatNumber(limit?.limit ?? DAILY_CHALLENGE_LIMIT)} coins into
        challenges each day (resets at 00:00 UTC).
      </p>
    </section>
  );
}
