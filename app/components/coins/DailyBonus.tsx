import { useMatches } from "@remix-run/react";
import { useRevalidate } from "../useRevalidate";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { NETWORK_ERROR_MESSAGE } from "~/lib/api";
import { useFetcherPost } from "~/lib/forms-fetcher";
import { isOnline } from "~/lib/network";
import {
  bonusClosedToday,
  shouldOfferDailyBonus,
  storeBonusClosed,
} from "~/lib/coin-store";
import { BONUS_COLLECTED, bonusCredit, type WalletView } from "#contract/coins";
import type { MutationResult } from "~/server/actions.server";
import { defersBonus, shellModeOf, type Viewer } from "~/lib/viewer";
import { useAccount } from "../AccountProvider";
import { useViewer } from "../root-data";
import { retryImport } from "~/lib/retry-import";

// The popup's code loads when there is a bonus to offer (issue #36). It opens by itself, so it shows nothing until
// the code is there rather than a stand-in that the popup would replace.
const DailyBonusPopup = lazy(() =>
  retryImport(() => import("./DailyBonusPopup")).then((module) => ({
    default: module.DailyBonusPopup,
  })),
);

/** The shop's route action collects the bonus, for this popup and the shop's own panel. */
const COLLECT_ACTION = "/shop";

/** How often to look again while another dialog (rating, share, exit...) is open. */
const OTHER_DIALOG_RETRY_MS = 700;

/**
 * Offers the daily bonus once per page load (and again after a different player signs in), when SPEC.md §4 says it is
 * pending and the player has not closed it here today. It waits for the page to hydrate, for no game or round result to be on screen
 * and for no other popup to be open, and gives way to a challenge notification (coming back after it).
 */
export function DailyBonus() {
  const viewer = useViewer();
  if (!viewer) return null;
  return <DailyBonusOffer key={viewer._id} viewer={viewer} />;
}

type Phase = "waiting" | "open" | "done";

function DailyBonusOffer({ viewer }: { viewer: Viewer }) {
  const { popup } = useAccount();
  const revalidate = useRevalidate();
  const post = useFetcherPost<MutationResult<WalletView>>();
  const handles = useMatches().map((match) => match.handle);
  const bonusWaits = shellModeOf(handles) !== "default" || defersBonus(handles);
  const [phase, setPhase] = useState<Phase>("waiting");
  const [error, setError] = useState<string | null>(null);
  const otherPopup =
    popup.type !== "idle" && popup.type !== "message-notification";
  const pending = shouldOfferDailyBonus(viewer, false);

  useEffect(() => {
    if (phase !== "waiting" || bonusWaits || otherPopup) return;
    if (
      !shouldOfferDailyBonus(viewer, bonusClosedToday(viewer._id, Date.now()))
    )
      return;
    const open = () => {
      if (document.querySelector("dialog[open]")) return false;
      setPhase("open");
      return true;
    };
    if (open()) return;
    const timer = window.setInterval(
      () => open() && window.clearInterval(timer),
      OTHER_DIALOG_RETRY_MS,
    );
    return () => window.clearInterval(timer);
  }, [phase, bonusWaits, otherPopup, viewer]);

  const close = useCallback(() => {
    if (shouldOfferDailyBonus(viewer, false))
      storeBonusClosed(viewer._id, Date.now());
    setPhase("done");
  }, [viewer]);

  const collect = async () => {
    setError(null);
    // SPEC.md §8: a post that cannot leave says so in the popup rather than on an error page.
    if (!isOnline()) {
      setError(NETWORK_ERROR_MESSAGE);
      return;
    }
    const answer = await post(COLLECT_ACTION, {
      coins: String(bonusCredit(viewer.login_day)),
    });
    if (answer?.ok) {
      setPhase("done");
      return;
    }
    if (answer) setError(answer.error);
    // Collected elsewhere, or the day turned over: the reloaded viewer shows where things stand (a refused action
    // reloads no page data by itself).
    revalidate();
  };

  // Collected in another tab (its wallet_update reloaded the viewer): nothing left to offer, unless an error is shown.
  if (phase !== "open" || bonusWaits || otherPopup || (!pending && !error))
    return null;
  return (
    <Suspense fallback={null}>
      <DailyBonusPopup
        loginDay={viewer.login_day}
        collected={viewer.daily_bonus_status === BONUS_COLLECTED}
        onCollect={collect}
        onClose={close}
        error={error}
      />
    </Suspense>
  );
}
