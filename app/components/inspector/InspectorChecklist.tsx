import { AlertIcon, CheckIcon, ClockIcon } from "~/components/icons";
import "./Inspector.css";
import {
  FRAME_SIZES,
  FRAME_SIZE_NAMES,
  type CheckStatus,
  type ChecklistItem,
  type FrameSize,
} from "~/lib/inspector";

const STATUS_WORDS: Record<CheckStatus, string> = {
  waiting: "Not yet",
  checking: "Checking",
  passed: "Done",
  failed: "Failed",
};

function StatusMark({ status }: { status: CheckStatus }) {
  if (status === "passed") return <CheckIcon size={16} />;
  if (status === "failed") return <AlertIcon size={16} />;
  return <ClockIcon size={16} />;
}

interface InspectorChecklistProps {
  items: ChecklistItem[];
  /** The size the game's frame is set to, or null: it fills its place. */
  measuring: FrameSize | null;
  onMeasure: (size: FrameSize | null) => void;
}

/** What the platform needs of a game, each item green once the game has done it; the size toggle checks the last two. */
export function InspectorChecklist({
  items,
  measuring,
  onMeasure,
}: InspectorChecklistProps) {
  const choices: Array<{ size: FrameSize | null; label: string }> = [
    { size: null, label: "Fill" },
    ...FRAME_SIZE_NAMES.map((size) => ({
      size,
      label: FRAME_SIZES[size].label,
    })),
  ];
  return (
    <section
      className="inspector-checklist"
      aria-labelledby="inspector-checklist-title"
    >
      <h2 id="inspector-checklist-title" className="inspector__heading">
        Checklist
      </h2>
      <ul className="inspector-checklist__items">
        {items.map((item) => (
          <li
            key={item.id}
            className="inspector-checklist__item"
            data-check={item.id}
            data-status={item.status}
          >
            <span className="inspector-checklist__mark">
              <StatusMark status={item.status} />
            </span>
            <span className="inspector-checklist__text">
              <span className="inspector-checklist__label">
                {item.label}
                <span className="visually-hidden">
                  : {STATUS_WORDS[item.status]}
                </span>
              </span>
              <span className="inspector-checklist__detail">{item.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      <div
        className="inspector-checklist__sizes"
        role="group"
        aria-label="Frame size"
      >
        {choices.map(({ size, label }) => (
          <button
            key={label}
            type="button"
            className="inspector-checklist__size"
            aria-pressed={measuring === size}
            onClick={() => onMeasure(size)}
          >
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
