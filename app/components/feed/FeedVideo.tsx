import { useEffect, useRef, useState } from "react";
import { PlayIcon } from "../icons";
import "./FeedVideo.css";

export interface FeedVideoProps {
  /** Null for items away from the current one: no source, nothing downloaded. */
  src: string | null;
  poster: string | null;
  /** The current item with no drawer over it: it may play. */
  active: boolean;
  /** The game's name, for the play/pause button's label. */
  name: string;
}

/** A looping, muted promo video: plays while current and in view, tap toggles, a thin bar shows time over duration. */
export function FeedVideo({ src, poster, active, name }: FeedVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const barRef = useRef<HTMLSpanElement>(null);
  const [inView, setInView] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) =>
        setInView(entry.isIntersecting && entry.intersectionRatio >= 0.6),
      {
        threshold: [0, 0.6, 1],
      },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  // A new current item starts playing again.
  useEffect(() => {
    if (!active) setPausedByUser(false);
  }, [active]);

  const shouldPlay = !!src && active && inView && !pausedByUser;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (shouldPlay) {
      // play() rejects when a pause interrupts it or autoplay is refused; the poster stays and a tap retries.
      video.play().catch(() => undefined);
    } else if (!video.paused) {
      video.pause();
    }
  }, [shouldPlay, src]);

  useEffect(() => {
    const video = videoRef.current;
    const bar = barRef.current;
    if (!video || !bar) return;
    let frame = 0;
    const paint = () => {
      const ratio =
        video.duration > 0 && Number.isFinite(video.duration)
          ? video.currentTime / video.duration
          : 0;
      bar.style.transform = `scaleX(${ratio})`;
      if (!video.paused) frame = requestAnimationFrame(paint);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(paint);
    };
    const onPause = () => {
      setPlaying(false);
      paint();
    };
    video.addEventListener("playing", onPlay);
    video.addEventListener("pause", onPause);
    video.addEventListener("timeupdate", paint);
    return () => {
      cancelAnimationFrame(frame);
      video.removeEventListener("playing", onPlay);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("timeupdate", paint);
    };
  }, []);

  return (
    <div className="feed-video">
      <video
        ref={videoRef}
        className="feed-video__media"
        src={src ?? undefined}
        poster={poster ?? undefined}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      />
      <button
        type="button"
        className={
          playing ? "feed-video__toggle is-playing" : "feed-video__toggle"
        }
        aria-label={playing ? `Pause ${name} video` : `Play ${name} video`}
        aria-pressed={playing}
        disabled={!src}
        onClick={() => {
          setPausedByUser(playing);
          if (!playing) videoRef.current?.play().catch(() => undefined);
        }}
      >
        <span className="feed-video__glyph" aria-hidden="true">
          <PlayIcon size={34} />
        </span>
      </button>
      <div className="feed-video__progress" role="presentation">
        <span ref={barRef} className="feed-video__bar" />
      </div>
    </div>
  );
}
