import { useRef, useState, type ClipboardEvent, type ReactNode } from "react";
import { ListIcon, QuoteIcon } from "./icons";
import "./RichText.css";

export interface RichTextProps {
  id: string;
  label: string;
  /** The block's HTML when the editor opened; later changes come from typing and are reported through onChange. */
  initialHtml: string;
  onChange: (html: string) => void;
}

interface Format {
  label: string;
  icon: ReactNode;
  apply: () => void;
}

/** Wraps the selected text in a block element, or turns it back into a paragraph when it already is one. */
function toggleBlock(tag: "h2" | "blockquote") {
  const current = String(
    document.queryCommandValue("formatBlock"),
  ).toLowerCase();
  document.execCommand("formatBlock", false, current === tag ? "p" : tag);
}

const FORMATS: Format[] = [
  {
    label: "Bold",
    icon: <strong>B</strong>,
    apply: () => document.execCommand("bold"),
  },
  {
    label: "Italic",
    icon: <em>I</em>,
    apply: () => document.execCommand("italic"),
  },
  { label: "Heading", icon: <span>H</span>, apply: () => toggleBlock("h2") },
  {
    label: "Bulleted list",
    icon: <ListIcon size={16} />,
    apply: () => document.execCommand("insertUnorderedList"),
  },
  {
    label: "Quote",
    icon: <QuoteIcon size={16} />,
    apply: () => toggleBlock("blockquote"),
  },
];

/**
 * A text block: a small rich-text field for paragraphs, bold, italic, headings, lists and quotes. What it writes is
 * HTML; the server keeps only those elements and drops everything else, so pasted text arrives as plain text.
 */
export function RichText({ id, label, initialHtml, onChange }: RichTextProps) {
  const field = useRef<HTMLDivElement>(null);
  // Rendered once: from then on the browser owns the field's content, and React must not overwrite it while typing.
  const [startHtml] = useState(() => initialHtml || "<p><br></p>");

  const format = (apply: () => void) => {
    field.current?.focus();
    apply();
    if (field.current) onChange(field.current.innerHTML);
  };

  const pastePlainText = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    document.execCommand(
      "insertText",
      false,
      event.clipboardData.getData("text/plain"),
    );
  };

  return (
    <div className="rich-text">
      <div
        className="rich-text__toolbar"
        role="toolbar"
        aria-label={`Format ${label.toLowerCase()}`}
      >
        {FORMATS.map(({ label: name, icon, apply }) => (
          <button
            key={name}
            type="button"
            className="rich-text__format"
            aria-label={name}
            title={name}
            // Keeps the text selection in the field while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => format(apply)}
          >
            {icon}
          </button>
        ))}
      </div>
      <div
        ref={field}
        id={id}
        className="rich-text__field prose"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        onFocus={() =>
          document.execCommand("defaultParagraphSeparator", false, "p")
        }
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onPaste={pastePlainText}
        dangerouslySetInnerHTML={{ __html: startHtml }}
      />
    </div>
  );
}
