import { useFetcher } from "@remix-run/react";
import { BONUS_COLLECTED, bonusCredit, type WalletView } from "#contract/coins";
import { formatNumber } from "#contract/format";
import type { MutationResult } from "~/server/actions.server";
import type { Viewer } from "~/lib/viewer";
import { ReturnHereField } from "../ActionForm";
import { GiftIcon } from "../page-icons";
import { BonusSchedule } from "./BonusSchedule";
import "./DailyBonusPanel.css";

/**
 * The shop's daily bonus: today's card and coins, collected or to collect (a form posting to the shop's own action,
 * so it works before the page hydrates), and when the next one comes.
 */
export function DailyBonusPanel({ viewer }: { viewer: Viewer }) {
  const fetcher = useFetcher<MutationResult<WalletView>>();
  const collected = viewer.daily_bonus_status === BONUS_COLLECTED;
  const credit = bonusCredit(viewer.login_day);
  const day = viewer.login_day + 1;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const busy = fetcher.state !== "idle";
  return (
    <section className="bonus-panel" aria-labelledby="bonus-panel-title">
      <div className="bonus-panel__head">
        <span className="bonus-panel__icon" aria-hidden="true">
          <GiftIcon size={22} />
        </span>
        <div className="bonus-panel__text">
          <h2 id="bonus-panel-title" className="bonus-panel__title">
            Daily bonus
          </h2>
          <p className="bonus-panel__status" data-testid="bonus-status">
            {collected
              ? `Collected today: Day ${day}, ${formatNumber(credit)} coins.`
              : `Day ${day}: ${formatNumber(credit)} coins to collect today.`}
          </p>
        </div>
        {collected ? null : (
          <fetcher.Form method="post" className="bonus-panel__form">
            <input type="hidden" name="coins" value={credit} />
            <ReturnHereField />
            <button
              type="submit"
              className="button button--primary button--small"
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? (
                <span className="button__spinner" aria-hidden="true" />
              ) : null}
              Collect
            </button>
          </fetcher.Form>
        )}
      </div>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <BonusSchedule pending={!collected} />
    </section>
  );
}
