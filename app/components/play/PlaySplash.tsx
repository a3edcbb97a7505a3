import { LogoMark } from "../icons";
import "./PlaySplash.css";

/** SPEC.md §2 Play: the splash logo, shown until the game's frame has loaded and the splash animation has ended. */
export function PlaySplash({
  gameName,
  icon,
  progress,
}: {
  gameName: string;
  icon: string | null;
  progress: number | null;
}) {
  return (
    <div
      className="play-splash"
      role="status"
      aria-live="polite"
      data-testid="play-splash"
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
  );
}
