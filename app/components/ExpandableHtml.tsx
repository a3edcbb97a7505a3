import { useState } from "react";
import { htmlToText, truncate } from "#contract/format";

export interface ExpandableHtmlProps {
  /** Sanitised HTML from the server. */
  html: string;
  /** Characters shown before "Read more" (SPEC.md §9: 80). */
  limit?: number;
  /** Shown when the HTML has no text. */
  emptyText?: string;
}

/** Long text shows as a short plain preview with an ellipsis; the button reveals the full HTML. */
export function ExpandableHtml({
  html,
  limit = 80,
  emptyText = "No description yet.",
}: ExpandableHtmlProps) {
  const [expanded, setExpanded] = useState(false);
  const text = htmlToText(html);
  if (!text) return <p className="prose prose--muted">{emptyText}</p>;
  const isLong = text.length > limit;
  return (
    <div className="expandable">
      {isLong && !expanded ? (
        <p className="prose">{truncate(text, limit)}</p>
      ) : (
        // The server stores descriptions sanitised (SPEC.md §3: description is HTML).
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {isLong ? (
        <button
          type="button"
          className="text-button"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? "Show less" : "Read more"}
        </button>
      ) : null}
    </div>
  );
}
