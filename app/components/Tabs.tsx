import {
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";

interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  label: string;
  initialTab?: string;
  /** The chosen tab, when the parent keeps it (then onSelect reports choices). */
  selected?: string;
  onSelect?: (id: string) => void;
  /**
   * Each tab's own address: the tabs become links, so they switch without JavaScript too (the page's loader reads
   * the address); with JavaScript a click still switches in place.
   */
  hrefFor?: (id: string) => string;
}

/** Accessible tabs (ARIA tablist): arrow keys move between tabs, only the chosen panel is shown. */
export function Tabs({
  tabs,
  label,
  initialTab,
  selected: chosen,
  onSelect,
  hrefFor,
}: TabsProps) {
  const [own, setOwn] = useState(initialTab ?? tabs[0]?.id);
  const selected = chosen ?? own;
  const setSelected = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };
  const baseId = useId();
  const buttons = useRef<Array<HTMLElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const step =
      event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setSelected(tabs[next].id);
    buttons.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const props = {
            ref: (element: HTMLElement | null) => {
              buttons.current[index] = element;
            },
            role: "tab",
            id: `${baseId}-tab-${tab.id}`,
            "aria-selected": tab.id === selected,
            "aria-controls": `${baseId}-panel-${tab.id}`,
            tabIndex: tab.id === selected ? 0 : -1,
            className:
              tab.id === selected ? "tabs__tab is-active" : "tabs__tab",
            onKeyDown: (event: KeyboardEvent<HTMLElement>) =>
              onKeyDown(event, index),
          };
          return hrefFor ? (
            <a
              key={tab.id}
              {...props}
              href={hrefFor(tab.id)}
              onClick={(event) => {
                event.preventDefault();
                setSelected(tab.id);
              }}
            >
              {tab.label}
            </a>
          ) : (
            <button
              key={tab.id}
              {...props}
              type="button"
              onClick={() => setSelected(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="tabs__panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
