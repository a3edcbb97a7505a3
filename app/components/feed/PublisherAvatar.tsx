import { resolveMediaUrl } from "~/lib/media";
import type { PublisherSummary } from "#contract/types";
import { useMediaBase } from "../root-data";
import "./PublisherAvatar.css";

/** A publisher's round icon, or its initial on the brand gradient. */
export function PublisherAvatar({
  publisher,
  size,
}: {
  publisher: PublisherSummary;
  size: number;
}) {
  const src = resolveMediaUrl(publisher.icon, useMediaBase());
  return (
    <span
      className="publisher-avatar"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {src ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" />
      ) : (
        publisher.name.slice(0, 1).toUpperCase()
      )}
    </span>
  );
}
