import { Link } from "@remix-run/react";
import type { Blog, BlogStatus } from "#contract/blog";
import { AlertIcon, CheckIcon } from "../icons";

interface SaveAction {
  status: BlogStatus;
  label: string;
  busyLabel: string;
  look: string;
}

/** A draft is saved or published; a published post is updated in place or taken back to a draft. */
const DRAFT_ACTIONS: SaveAction[] = [
  {
    status: "draft",
    label: "Save draft",
    busyLabel: "Saving…",
    look: "button--secondary",
  },
  {
    status: "published",
    label: "Publish",
    busyLabel: "Publishing…",
    look: "button--primary",
  },
];
const PUBLISHED_ACTIONS: SaveAction[] = [
  {
    status: "draft",
    label: "Unpublish",
    busyLabel: "Saving…",
    look: "button--ghost",
  },
  {
    status: "published",
    label: "Update",
    busyLabel: "Saving…",
    look: "button--primary",
  },
];

export interface EditorBarProps {
  published: boolean;
  dirty: boolean;
  saved: Blog | null;
  notice: string | null;
  shownError: string | null;
  /** A save held until the pictures have uploaded. */
  waiting: BlogStatus | null;
  busy: BlogStatus | null;
  save: (status: BlogStatus) => void;
}

/** The editor's bottom bar: where the post stands (saved, unsaved, held, failed) and the buttons that save it. */
export function EditorBar({
  published,
  dirty,
  saved,
  notice,
  shownError,
  waiting,
  busy,
  save,
}: EditorBarProps) {
  return (
    <div className="blog-editor__bar">
      <div className="blog-editor__status" role="status">
        {shownError ? (
          <span className="blog-editor__error">
            <AlertIcon size={16} /> {shownError}
          </span>
        ) : waiting ? (
          <span className="blog-editor__state">
            {waiting === "published" && !published
              ? "Publishing as soon as the pictures have uploaded…"
              : "Saving as soon as the pictures have uploaded…"}
          </span>
        ) : notice && !dirty ? (
          <span className="blog-editor__notice">
            <CheckIcon size={16} /> {notice}
          </span>
        ) : (
          <span className="blog-editor__state">
            <span
              className={published ? "pill pill--live" : "pill pill--accent"}
              data-dirty={dirty || undefined}
            >
              {published ? "Published" : "Draft"}
            </span>
            <span className="blog-editor__saved">
              {dirty ? "Unsaved changes" : saved ? "All changes saved" : ""}
            </span>
          </span>
        )}
      </div>
      <div className="blog-editor__actions">
        {saved ? (
          <Link
            to={saved.blog_url}
            className="button button--ghost button--small blog-editor__view"
          >
            {published ? "View post" : "Preview"}
          </Link>
        ) : null}
        {(published ? PUBLISHED_ACTIONS : DRAFT_ACTIONS).map((action) => (
          <button
            key={action.status}
            type="button"
            className={`button ${action.look} button--small`}
            disabled={!!busy}
            onClick={() => save(action.status)}
          >
            {busy === action.status ? action.busyLabel : action.label}
          </button>
        ))}
      </div>
    </div>
  );
}
