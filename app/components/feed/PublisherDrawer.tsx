import { useEffect, useState } from "react";
import { apiFetch, errorMessage } from "~/lib/api";
import { truncate } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import type { Game, Publisher, PublisherSummary } from "#contract/types";
import { PUBLISHER_ABOUT_MAX } from "~/state/feed";
import { Loader } from "../Loader";
import { useMediaBase } from "../root-data";
import { Tabs } from "../Tabs";
import { FeedDrawer } from "./FeedDrawer";
import { GameRow } from "./GameRow";
import { PublisherAvatar } from "./PublisherAvatar";
import "./PublisherDrawer.css";

type Loaded =
  | { id: number; publisher: Publisher; games: Game[] }
  | { id: number; error: string };

/** SPEC.md §2: the publisher page in a drawer: back arrow, icon, name, about (40 chars), tabs Games and About. */
export function PublisherDrawer({
  open,
  publisher,
  onClose,
}: {
  open: boolean;
  publisher: PublisherSummary;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const mediaBase = useMediaBase();
  const id = publisher._id;

  useEffect(() => {
    if (!open || loaded?.id === id) return;
    const controller = new AbortController();
    Promise.all([
      apiFetch<Publisher>(`/api/publisher/${id}`, {
        signal: controller.signal,
      }),
      apiFetch<Game[]>(`/api/game/publisher/${id}`, {
        signal: controller.signal,
      }),
    ]).then(
      ([full, games]) => setLoaded({ id, publisher: full, games }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ id, error: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [open, id, loaded?.id]);

  const current = loaded?.id === id ? loaded : null;
  const full = current && "publisher" in current ? current.publisher : null;
  const banner = resolveMediaUrl(full?.banner, mediaBase);

  return (
    <FeedDrawer open={open} side="left" label="Publisher" onClose={onClose}>
      <div className="publisher-panel">
        <div
          className="publisher-panel__banner"
          style={banner ? { backgroundImage: `url("${banner}")` } : undefined}
        />
        <div className="publisher-panel__head">
          <PublisherAvatar publisher={full ?? publisher} size={72} />
          <h2 className="publisher-panel__name">{publisher.name}</h2>
          {full?.about ? (
            <p className="publisher-panel__about">
              {truncate(full.about, PUBLISHER_ABOUT_MAX)}
            </p>
          ) : null}
        </div>
        {!current ? (
          <Loader block />
        ) : "error" in current ? (
          <p className="feed-panel-error" role="alert">
            {current.error}
          </p>
        ) : (
          <Tabs
            label={`${publisher.name} sections`}
            tabs={[
              {
                id: "games",
                label: "Games",
                content:
                  current.games.length === 0 ? (
                    <p className="feed-panel-empty">
                      You don&apos;t have any games.
                    </p>
                  ) : (
                    <ul className="game-rows">
                      {current.games.map((game) => (
                        <li key={game._id}>
                          <GameRow game={game} />
                        </li>
                      ))}
                    </ul>
                  ),
              },
              {
                id: "about",
                label: "About",
                content: (
                  <p className="publisher-panel__about-full">
                    {current.publisher.about ||
                      "This publisher has not written about itself yet."}
                  </p>
                ),
              },
            ]}
          />
        )}
      </div>
    </FeedDrawer>
  );
}
