import { useEffect, useRef } from "react";
import "./Inspector.css";
import { formatSinceLoad, type InspectorEntry } from "~/lib/inspector";

const FROM_LABELS = {
  game: { arrow: "→", text: "game to platform" },
  platform: { arrow: "←", text: "platform to game" },
} as const;

/**
 * Every SDK message between the game and the platform, live, newest at the bottom. The list follows new lines while
 * it is scrolled to its end; scrolled up to read, it stays where the reader is.
 */
export function InspectorPanel({ entries }: { entries: InspectorEntry[] }) {
  const listRef = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const last = entries[entries.length - 1]?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [last]);
  return (
    <section className="inspector-log" aria-labelledby="inspector-log-title">
      <h2 id="inspector-log-title" className="inspector__heading">
        SDK messages <span className="inspector__count">{entries.length}</span>
      </h2>
      {entries.length === 0 ? (
        <p className="inspector__empty">
          Waiting for the game&apos;s first message…
        </p>
      ) : null}
      <ol
        ref={listRef}
        className="inspector-log__list"
        role="log"
        aria-live="off"
        tabIndex={0}
        aria-label="Messages, oldest first"
        onScroll={(event) => {
          const list = event.currentTarget;
          following.current =
            list.scrollHeight - list.scrollTop - list.clientHeight < 24;
        }}
      >
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="inspector-log__entry"
            data-from={entry.from}
            data-problem={entry.problem ? "" : undefined}
            data-type={entry.type}
          >
            <span className="inspector-log__time">
              {formatSinceLoad(entry.at)}
            </span>
            <span
              className="inspector-log__from"
              title={FROM_LABELS[entry.from].text}
            >
              <span aria-hidden="true">{FROM_LABELS[entry.from].arrow}</span>
              <span className="visually-hidden">
                {FROM_LABELS[entry.from].text}
              </span>
            </span>
            <code className="inspector-log__type">{entry.type}</code>
            <span className="inspector-log__summary">{entry.summary}</span>
            {entry.size !== undefined ? (
              <span className="inspector-log__size">
                {entry.size.toLocaleString("en")} ch
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
