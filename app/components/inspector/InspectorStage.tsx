import { useEffect, useRef, useState, type ReactNode } from "react";
import "./Inspector.css";
import { FRAME_SIZES, type FrameSize } from "~/lib/inspector";

/**
 * The box the game's frame sits in: its whole place, or exactly a phone's or a desktop's CSS size, shrunk to fit the
 * place with a transform, which leaves the size the game's page sees alone.
 */
export function InspectorStage({
  size,
  children,
}: {
  size: FrameSize | null;
  children: ReactNode;
}) {
  const placeRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const place = placeRef.current;
    if (!place || !size) return;
    const { width, height } = FRAME_SIZES[size];
    const fit = () =>
      setScale(
        Math.min(1, place.clientWidth / width, place.clientHeight / height),
      );
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(place);
    return () => observer.disconnect();
  }, [size]);
  const box = size
    ? {
        width: FRAME_SIZES[size].width,
        height: FRAME_SIZES[size].height,
        position: "absolute" as const,
        left: "50%",
        top: "50%",
        transform: `translate(-50%, -50%) scale(${scale})`,
      }
    : undefined;
  return (
    <div ref={placeRef} className="inspector-stage" data-size={size ?? "fill"}>
      <div className="inspector-stage__box" style={box}>
        {children}
      </div>
    </div>
  );
}
