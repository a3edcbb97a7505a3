import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { loader as panelLoader } from "~/routes/publisher-panel.$id";
import { truncate } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import type { PublisherSummary } from "#contract/types";
import { PUBLISHER_ABOUT_MAX } from "~/state/feed";
import { Loader } from "../Loader";
import { useMediaBase } from "../root-data";
import { Tabs } from "../Tabs";
import { FeedDrawer } from "./FeedDrawer";
import { GameRow } from "./GameRow";
import { PublisherAvatar } from "./PublisherAvatar";
import "./PublisherDrawer.css";

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
  const fetcher = useFetcher<typeof panelLoader>();
  const { load } = fetcher;
  const mediaBase = useMediaBase();
  const id = publisher._id;
  const loaded = fetcher.data;
  const current = loaded?.id === id ? loaded : null;

  // Read when the drawer opens, once per publisher.
  useEffect(() => {
    if (open && !current) load(`/publisher-panel/${id}`);
  }, [open, id, current, load]);

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
