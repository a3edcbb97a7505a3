import { useMatches, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ApiError, apiFetch, errorMessage } from "~/lib/api";
import { storeWallet } from "~/lib/coin-store";
import type { ChallengeView, NotificationView } from "#contract/coins";
import { formatNumber } from "#contract/format";
import { shellModeOf } from "~/lib/viewer";
import { useAccount } from "../AccountProvider";
import { Avatar } from "../Avatar";
import { NotEnoughCoinsPopup } from "../coins/CoinPopups";
import { GameChip } from "../GameChip";
import { CoinIcon, SwordsIcon } from "../icons";
import { Modal } from "../Modal";
import { useNotifications } from "./NotificationsProvider";
import "~/styles/notifications.css";

/**
 * SPEC.md §2/§4 challenge notification: the first queued `new_challenge`, with Accept and Decline. The next one shows
 * after it is answered or closed. While a game is on screen the queue waits, so a challenge never covers a round.
 */
export function ChallengeNotificationPopup() {
  const { popup, dispatchPopup } = useAccount();
  const immersive =
    shellModeOf(useMatches().map((match) => match.handle)) !== "default";
  const current =
    popup.type === "notification" ? popup.notifications[0] : undefined;
  if (!current || immersive) return null;
  return (
    <ChallengeNotice
      key={current._id}
      notification={current}
      waiting={popup.notifications.length - 1}
      onDone={() =>
        dispatchPopup({ type: "notificationDismissed", id: current._id })
      }
    />
  );
}

/** GET /api/challenge/{id} answers the challenge itself or wrapped; /info answers a list. */
function challengeOf(answer: unknown): ChallengeView | null {
  const value: unknown = Array.isArray(answer)
    ? answer[0]
    : answer && typeof answer === "object" && "challenge" in answer
      ? answer.challenge
      : answer;
  return value && typeof value === "object" && "_id" in value
    ? (value as ChallengeView)
    : null;
}

type Busy = "accept" | "decline" | null;

function ChallengeNotice({
  notification,
  waiting,
  onDone,
}: {
  notification: NotificationView;
  waiting: number;
  onDone: () => void;
}) {
  const { notification_data: data } = notification;
  const [challenge, setChallenge] = useState<ChallengeView | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [notEnoughCoins, setNotEnoughCoins] = useState(false);
  const { markRead } = useNotifications();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    apiFetch(`/api/challenge/${data.challengeId}`, {
      signal: controller.signal,
    })
      .then((answer) => setChallenge(challengeOf(answer)))
      // The notification itself names the challenger, game and bet: the popup works without the details.
      .catch(() => undefined);
    return () => controller.abort();
  }, [data.challengeId]);

  // Answered or closed, the notification has been seen.
  const finish = () => {
    markRead([notification._id]).catch(() => undefined);
    onDone();
  };

  const accept = async () => {
    setBusy("accept");
    setError(null);
    try {
      const answer = await apiFetch<{
        challenge: ChallengeView;
        wallet: number;
      }>(`/api/challenge/accept/${data.challengeId}`, {
        method: "POST",
      });
      storeWallet({ wallet: answer.wallet });
    } catch (failure) {
      setBusy(null);
      if (failure instanceof ApiError && failure.code === "insufficient_coins")
        setNotEnoughCoins(true);
      else setError(errorMessage(failure));
      return;
    }
    finish();
    // The header's balance (the bet is held now) comes with the reload the navigation finishes.
    revalidate();
    navigate(
      `/play/${challenge?.game ?? data.gameId}?challengeId=${data.challengeId}`,
    );
  };

  const decline = async () => {
    setBusy("decline");
    setError(null);
    try {
      await apiFetch(`/api/challenge/decline/${data.challengeId}`, {
        method: "POST",
      });
    } catch (failure) {
      setBusy(null);
      setError(errorMessage(failure));
      return;
    }
    finish();
  };

  if (notEnoughCoins) return <NotEnoughCoinsPopup onClose={finish} />;

  const challenger = challenge?.challenger[0];
  const fromName = challenger?.name ?? data.fromName ?? "A friend";
  const game = challenge?.game_info[0];
  const gameName = game?.name ?? data.gameName;
  const bet = challenge?.bet_amount ?? data.betAmount;
  const closed = challenge !== null && challenge.status !== "pending";
  return (
    <Modal
      labelledBy="challenge-notice-title"
      onClose={finish}
      className="challenge-notice"
    >
      <div className="challenge-notice__who">
        <span className="challenge-notice__avatar">
          <Avatar person={challenger ?? { name: fromName }} size={56} />
          <span className="challenge-notice__badge" aria-hidden="true">
            <SwordsIcon size={14} />
          </span>
        </span>
        <div>
          <h2
            id="challenge-notice-title"
            className="modal__title challenge-notice__title"
          >
            {fromName} challenged you
          </h2>
          {waiting > 0 ? (
            <p className="challenge-notice__queue">{waiting} more waiting</p>
          ) : null}
        </div>
      </div>
      <div className="challenge-notice__info" data-testid="challenge-info">
        {game ? (
          <GameChip game={game} />
        ) : gameName ? (
          <p className="challenge-notice__game">{gameName}</p>
        ) : null}
        {bet !== undefined ? (
          <p className="challenge-notice__bet">
            <CoinIcon size={18} />
            Bet <strong>{formatNumber(bet)}</strong> coins
          </p>
        ) : null}
        {challenge ? (
          <p className="challenge-notice__score">
            Score to beat: <strong>{formatNumber(challenge.score)}</strong>
          </p>
        ) : null}
        {challenge?.message ? (
          <blockquote className="challenge-notice__message">
            {challenge.message}
          </blockquote>
        ) : null}
        {!challenge && notification.content ? (
          <p className="challenge-notice__content">{notification.content}</p>
        ) : null}
      </div>
      {closed ? (
        <p className="challenge-notice__closed" role="status">
          This challenge is{" "}
          {challenge.status === "expired" ? "expired" : "no longer open"}.
        </p>
      ) : null}
      {error ? (
        <p className="challenge-notice__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="challenge-notice__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={decline}
          disabled={busy !== null || closed}
          aria-busy={busy === "decline"}
        >
          {busy === "decline" ? "Declining…" : "Decline"}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={accept}
          disabled={busy !== null || closed}
          aria-busy={busy === "accept"}
          data-autofocus=""
        >
          {busy === "accept" ? (
            <span className="button__spinner" aria-hidden="true" />
          ) : null}
          Accept
        </button>
      </div>
    </Modal>
  );
}
