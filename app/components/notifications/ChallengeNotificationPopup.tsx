import { useFetcher, useMatches, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/lib/api";
import {
  COIN_MESSAGES,
  type ChallengeView,
  type NotificationView,
} from "#contract/coins";
import type { ChallengeFormAnswer } from "../challenge/ChallengeInfo";
import { formatNumber } from "#contract/format";
import { shellModeOf } from "~/lib/viewer";
import { useAccount } from "../AccountProvider";
import { Avatar } from "../Avatar";
import { NotEnoughCoinsPopup } from "../coins/CoinPopups";
import { GameChip } from "../GameChip";
import { CoinIcon, SwordsIcon } from "../icons";
import { Modal } from "../Modal";
import { useNotifications } from "./NotificationsProvider";
import "./ChallengeNotificationPopup.css";

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
  const challenge = useChallengeDetails(data.challengeId);
  // Accept and Decline post to the challenge page's action, the same one its forms use; Remix reloads the page data
  // (the header's wallet) after it.
  const fetcher = useFetcher<ChallengeFormAnswer>({
    key: `challenge-${data.challengeId}`,
  });
  const busy: Busy =
    fetcher.state === "idle"
      ? null
      : fetcher.formData?.get("intent") === "accept"
        ? "accept"
        : "decline";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = answer && "formError" in answer ? answer.formError : null;
  const notEnoughCoins = failure === COIN_MESSAGES.insufficient;
  const error = notEnoughCoins ? null : failure;
  const answered = answer && "intent" in answer ? answer.intent : null;
  const { markRead } = useNotifications();
  const navigate = useNavigate();

  // Answered or closed, the notification has been seen.
  const finish = () => {
    markRead([notification._id]).catch(() => undefined);
    onDone();
  };
  // Read when the answer arrives, so the effect runs once per answer.
  const onAnswer = useRef({ finish, navigate, playPath: "" });
  onAnswer.current = {
    finish,
    navigate,
    playPath: `/play/${challenge?.game ?? data.gameId}?challengeId=${data.challengeId}`,
  };
  useEffect(() => {
    if (!answered) return;
    const { finish, navigate, playPath } = onAnswer.current;
    finish();
    if (answered === "accept") navigate(playPath);
  }, [answered]);

  const submit = (intent: "accept" | "decline") =>
    fetcher.submit(
      { intent },
      { method: "post", action: `/challenge/${data.challengeId}` },
    );
  const accept = () => submit("accept");
  const decline = () => submit("decline");

  if (notEnoughCoins) return <NotEnoughCoinsPopup onClose={finish} />;

  const challenger = challenge?.challenger[0];
  const fromName = challenger?.name ?? data.fromName ?? "A friend";
  const gameName = challenge?.game_info[0]?.name ?? data.gameName;
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
      <ChallengeNoticeInfo
        challenge={challenge}
        gameName={gameName}
        bet={bet}
        content={notification.content}
      />
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

/**
 * The challenge's details (GET /api/challenge/{id}), or null until they come or if they do not: the notification
 * itself names the challenger, game and bet, so the popup works without them.
 */
function useChallengeDetails(
  challengeId: number | undefined,
): ChallengeView | null {
  const [challenge, setChallenge] = useState<ChallengeView | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<ChallengeView>(`/api/challenge/${challengeId}`, {
      signal: controller.signal,
    })
      .then(setChallenge)
      .catch(() => undefined);
    return () => controller.abort();
  }, [challengeId]);
  return challenge;
}

/** What the challenge is: the game, the bet, the score to beat and the challenger's message. */
function ChallengeNoticeInfo({
  challenge,
  gameName,
  bet,
  content,
}: {
  challenge: ChallengeView | null;
  gameName: string | undefined;
  bet: number | undefined;
  content: string;
}) {
  const game = challenge?.game_info[0];
  return (
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
      {!challenge && content ? (
        <p className="challenge-notice__content">{content}</p>
      ) : null}
    </div>
  );
}
