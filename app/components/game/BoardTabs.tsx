import type { ReactNode } from "react";
import type { BoardPeriod } from "#contract/scores-plain";
import type { Period } from "#contract/tournaments";
import { Tabs } from "../Tabs";
import "./BoardTabs.css";

const TAB_LABELS: Record<BoardPeriod, string> = {
  daily: "Daily",
  weekly: "Weekly",
  all: "All time",
};

/**
 * Daily / Weekly / All time over a game's board. Only the chosen tab's board is rendered, so a period's board loads
 * when its tab is opened.
 */
export function BoardTabs({
  period,
  onPeriod,
  hrefFor,
  allTime,
  tournament,
}: {
  period: BoardPeriod;
  onPeriod: (period: BoardPeriod) => void;
  /** Each tab's address, so the tabs switch without JavaScript too. */
  hrefFor?: (period: BoardPeriod) => string;
  allTime: ReactNode;
  tournament: (period: Period) => ReactNode;
}) {
  return (
    <div className="board-tabs">
      <Tabs
        label="Which board"
        selected={period}
        onSelect={(id) => onPeriod(id as BoardPeriod)}
        hrefFor={hrefFor ? (id) => hrefFor(id as BoardPeriod) : undefined}
        tabs={(["daily", "weekly", "all"] as const).map((id) => ({
          id,
          label: TAB_LABELS[id],
          content:
            id !== period ? null : id === "all" ? allTime : tournament(id),
        }))}
      />
    </div>
  );
}
