import { lazy, Suspense } from "react";
import { retryImport } from "~/lib/retry-import";
import { useAccount } from "../AccountProvider";

const ChallengeNotificationPopup = lazy(() =>
  retryImport(() => import("./ChallengeNotificationPopup")).then((module) => ({
    default: module.ChallengeNotificationPopup,
  })),
);

/**
 * Loads the challenge notice's code only once a challenge is queued (issue #36): most pages never show one. It has
 * no stand-in while it loads, since a notice that shows a moment later reads the same.
 */
export function ChallengeNotificationGate() {
  const { popup } = useAccount();
  if (popup.type !== "notification") return null;
  return (
    <Suspense fallback={null}>
      <ChallengeNotificationPopup />
    </Suspense>
  );
}
