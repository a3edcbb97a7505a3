import { useEffect, useRef } from "react";
import { SLOW_GAME } from "~/lib/play";
import { ArrowLeftIcon, LogoMark, PlayIcon } from "../icons";
import "./PlaySplash.css";

/**
 * SPEC.md §2 Play: the splash logo, shown until the game's frame is ready and the splash animation has ended. Exit is
 * there from the first moment, and a game that has not said it is ready in time (`slow`) is offered again, so a game
 * that broke while loading never keeps the player here.
 */
export function PlaySplash({
  gameName,
  icon,
  progress,
  slow = false,
  onExit,
  onRetry,
}: {
  gameName: string;
  icon: string | null;
  progress: number | null;
  slow?: boolean;
  onExit: () => void;
  onRetry: () => void;
}) {
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (slow) retryRef.current?.focus();
  }, [slow]);

  return (
    <div
      className="play-splash"
      data-testid="play-splash"
      data-slow={slow || undefined}
    >
      <div className="play-splash__mark">
        <LogoMark size={88} idSuffix="splash" />
      </div>
      <p className="play-splash__brand">Playfeed</p>
      <div className="play-splash__game">
        {icon ? (
          <img
            src={icon}
            alt=""
            width={40}
            height={40}
            className="play-splash__icon"
          />
        ) : null}
        <span>{gameName}</span>
      </div>
      {slow ? (
        <div
          className="play-splash__slow"
          role="alert"
          data-testid="splash-slow"
        >
          <h2 className="play-splash__heading">{SLOW_GAME.heading}</h2>
          <p className="play-splash__note">{SLOW_GAME.note}</p>
        </div>
      ) : (
        <div role="status" className="play-splash__loading">
          <div className="play-splash__bar" aria-hidden="true">
            <span
              className={
                progress === null
                  ? "play-splash__fill play-splash__fill--indeterminate"
                  : "play-splash__fill"
              }
              style={
                progress === null
                  ? undefined
                  : { width: `${Math.max(8, progress)}%` }
              }
            />
          </div>
          <span className="visually-hidden">Loading {gameName}</span>
        </div>
      )}
      <div className="play-splash__actions">
        {slow ? (
          <button
            ref={retryRef}
            type="button"
            className="button button--primary"
            onClick={onRetry}
          >
            <PlayIcon size={18} /> Retry
          </button>
        ) : null}
        <button
          type="button"
          className={
            slow
              ? "button button--ghost"
              : "button button--ghost play-splash__exit"
          }
          onClick={onExit}
        >
          <ArrowLeftIcon size={18} /> Exit
        </button>
      </div>
    </div>
  );
}
