import { useEffect, useState } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import { DAILY_CHALLENGE_LIMIT, type WalletView } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { CoinIcon } from "../icons";
import "./WalletPanel.css";

/**
 * The signed-in player's balance (from the page data, so it follows every live update) and what is left of today's
 * challenge limit (GET /api/wallet, read again whenever the balance changes).
 */
export function WalletPanel({ wallet }: { wallet: number }) {
  const [limit, setLimit] = useState<WalletView["challenge_limit"] | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<WalletView>("/api/wallet", { signal: controller.signal })
      .then((answer) => {
        setLimit(answer.challenge_limit);
        setError(null);
      })
      .catch((failure) => {
        if (!controller.signal.aborted) setError(errorMessage(failure));
      });
    return () => controller.abort();
  }, [wallet]);

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
          ) : error ? (
            <span className="wallet-panel__error">{error}</span>
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
