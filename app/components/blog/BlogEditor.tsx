import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState, type Dispatch } from "react";
import {
  BLOG_LIMITS,
  BlogCreateSchema,
  parseTagList,
  publishProblem,
  type Blog,
  type BlogStatus,
} from "#contract/blog";
import { htmlToText } from "#contract/format";
import {
  editorReducer,
  initialEditorState,
  newBlockId,
  toPayload,
  type EditorAction,
  type EditorBlock,
} from "~/state/blog-editor";
import { TextField } from "../FormFields";
import { AlertIcon, CheckIcon } from "../icons";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ImageIcon,
  PlusIcon,
  TextIcon,
  TrashIcon,
} from "./icons";
import { ImagePicker, type UploadStage } from "./ImagePicker";
import { usePendingUploads } from "./usePendingUploads";
import { RichText } from "./RichText";
import "./BlogEditor.css";
import "./BlogMeta.css";

const BLOCK_NAMES = {
  placeholder: "New block",
  text: "Text",
  img: "Image",
} as const;

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

interface BlockCardProps {
  block: EditorBlock;
  index: number;
  count: number;
  dispatch: Dispatch<EditorAction>;
  onUpload: (stage: UploadStage) => void;
}

/** One block: its controls (move, delete), its content, and the button that adds a block after it. */
function BlockCard({
  block,
  index,
  count,
  dispatch,
  onUpload,
}: BlockCardProps) {
  const position = `block ${index + 1}`;
  const { id } = block;
  return (
    <li
      className="editor-block"
      data-kind={block.kind}
      aria-label={`${BLOCK_NAMES[block.kind]}, ${position} of ${count}`}
    >
      <div className="editor-block__bar">
        <span className="editor-block__kind">
          {block.kind === "text" ? (
            <TextIcon size={16} />
          ) : block.kind === "img" ? (
            <ImageIcon size={16} />
          ) : (
            <PlusIcon size={16} />
          )}
          {BLOCK_NAMES[block.kind]}
        </span>
        <div className="editor-block__tools">
          <button
            type="button"
            className="editor-tool"
            aria-label={`Move ${position} up`}
            title="Move up"
            disabled={index === 0}
            onClick={() => dispatch({ type: "move", id, by: -1 })}
          >
            <ArrowUpIcon size={18} />
          </button>
          <button
            type="button"
            className="editor-tool"
            aria-label={`Move ${position} down`}
            title="Move down"
            disabled={index === count - 1}
            onClick={() => dispatch({ type: "move", id, by: 1 })}
          >
            <ArrowDownIcon size={18} />
          </button>
          <button
            type="button"
            className="editor-tool editor-tool--danger"
            aria-label={`Delete ${position}`}
            title="Delete"
            onClick={() => dispatch({ type: "remove", id })}
          >
            <TrashIcon size={18} />
          </button>
        </div>
      </div>
      {block.kind === "placeholder" ? (
        <div className="editor-block__choose">
          <p>What goes here?</p>
          <div className="editor-block__choices">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dispatch({ type: "choose", id, kind: "text" })}
            >
              <TextIcon size={18} /> Text
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dispatch({ type: "choose", id, kind: "img" })}
            >
              <ImageIcon size={18} /> Image
            </button>
          </div>
        </div>
      ) : block.kind === "text" ? (
        <RichText
          id={`block-${id}`}
          label={`Text of ${position}`}
          initialHtml={block.html}
          onChange={(html) => dispatch({ type: "editText", id, html })}
        />
      ) : (
        <div className="editor-block__image">
          <ImagePicker
            id={`block-${id}-file`}
            label="image"
            path={block.path}
            onChange={(path) => dispatch({ type: "setImage", id, path })}
            onUpload={onUpload}
          />
          <TextField
            id={`block-${id}-alt`}
            name="alt"
            label="Describe the image"
            placeholder="What it shows, for readers who cannot see it"
            value={block.alt}
            maxLength={BLOG_LIMITS.alt}
            onChange={(event) =>
              dispatch({ type: "setAlt", id, alt: event.target.value })
            }
          />
        </div>
      )}
      <button
        type="button"
        className="editor-add"
        aria-label={`Add block after ${position}`}
        onClick={() => dispatch({ type: "addAfter", id, newId: newBlockId() })}
      >
        <PlusIcon size={16} /> Add block
      </button>
    </li>
  );
}

/** Keeps the writer from losing unsaved work by closing the tab. */
function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

/** What the editor route's action answers a fetcher: the stored post, or the problem with it. */
export type EditorAnswer = { post: Blog } | { formError: string };

/**
 * SPEC.md §4 Blog editor: title, tags, poster and the blocks of a post; saves as a draft or publishes. Loaded lazily
 * by /editor/:blogId, so readers never download it.
 */
export function BlogEditor({ post }: { post: Blog | null }) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, post, (initial) =>
    initialEditorState(initial),
  );
  const [saved, setSaved] = useState<Blog | null>(post);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fetcher = useFetcher<EditorAnswer>();
  const uploads = usePendingUploads();
  const busy =
    fetcher.state === "idle"
      ? uploads.waiting
      : (fetcher.formData?.get("intent") as BlogStatus | null);
  useWarnBeforeLeaving(state.dirty);

  // The route's action answered: the saved post, or the message to show.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const handled = useRef<EditorAnswer | undefined>(undefined);
  useEffect(() => {
    // Each answer counts once, with `saved` as it was when the post was sent.
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (!("post" in answer)) {
      setError(answer.formError);
      return;
    }
    const { post: stored } = answer;
    dispatch({ type: "saved", status: stored.status });
    setNotice(
      stored.status === "published"
        ? saved?.status === "published"
          ? "Your changes are live."
          : "Published! Readers can see it now."
        : "Draft saved.",
    );
    setSaved(stored);
    if (!saved)
      navigate(`/editor/${stored._id}`, {
        replace: true,
        preventScrollReset: true,
      });
  }, [answer, navigate, saved]);

  const save = (status: BlogStatus) => {
    if (fetcher.state !== "idle") return;
    setError(null);
    setNotice(null);
    // An image block still uploading has no path yet: saving now would leave its picture out of the post.
    if (uploads.uploading.size > 0) {
      uploads.wait(status);
      return;
    }
    uploads.sent();
    const payload = toPayload(state, status);
    // The same rules the server applies, checked first so the writer hears about a problem at once.
    const checked = BlogCreateSchema.safeParse(payload);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Please check the post");
      return;
    }
    const problem =
      status === "published"
        ? publishProblem(payload, (html) => htmlToText(html) !== "")
        : null;
    if (problem) {
      setError(problem);
      return;
    }
    fetcher.submit(
      {
        intent: status,
        title: payload.title,
        tags: payload.tags.join(","),
        poster_url: payload.poster_url ?? "",
        content: JSON.stringify(payload.content),
      },
      { method: "post", action: `/editor/${saved ? saved._id : "new"}` },
    );
  };

  const { waiting, uploading } = uploads;
  useEffect(() => {
    if (waiting && uploading.size === 0) save(waiting);
    // save reads this render's state, which already holds the picture that just landed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, uploading]);

  const published = state.status === "published";
  const tags = parseTagList(state.tags);
  const shownError =
    error ??
    (uploads.lost
      ? "A picture did not upload, so the post was not saved. Choose it again, then save."
      : null);
  return (
    <form
      className="blog-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(published ? "published" : "draft");
      }}
    >
      <section className="card blog-editor__details" aria-label="Post details">
        <TextField
          id="post-title"
          name="title"
          label="Title"
          value={state.title}
          maxLength={BLOG_LIMITS.title}
          placeholder="A title readers will click"
          onChange={(event) =>
            dispatch({ type: "setTitle", title: event.target.value })
          }
        />
        <TextField
          id="post-tags"
          name="tags"
          label="Tags"
          hint="Separate tags with commas"
          value={state.tags}
          placeholder="tips, puzzle"
          onChange={(event) =>
            dispatch({ type: "setTags", tags: event.target.value })
          }
        />
        {tags.length > 0 ? (
          <ul className="blog-tags" aria-label="Tags as readers will see them">
            {tags.map((tag) => (
              <li key={tag} className="blog-tag">
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="blog-editor__poster">
          <span className="blog-editor__label">
            Poster{" "}
            <span className="field__hint">
              Shown in the list and on shared links; the first image when none
              is chosen
            </span>
          </span>
          <ImagePicker
            id="post-poster"
            label="poster"
            path={state.poster}
            removable
            onChange={(path) => dispatch({ type: "setPoster", path })}
            onUpload={uploads.track("poster")}
          />
        </div>
      </section>

      <section aria-labelledby="blocks-title">
        <h2 id="blocks-title" className="section-title">
          Content
        </h2>
        <ol className="editor-blocks">
          {state.blocks.map((block, index) => (
            <BlockCard
              key={block.id}
              block={block}
              index={index}
              count={state.blocks.length}
              dispatch={dispatch}
              onUpload={uploads.track(block.id)}
            />
          ))}
        </ol>
      </section>

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
          ) : notice && !state.dirty ? (
            <span className="blog-editor__notice">
              <CheckIcon size={16} /> {notice}
            </span>
          ) : (
            <span className="blog-editor__state">
              <span
                className={published ? "pill pill--live" : "pill pill--accent"}
                data-dirty={state.dirty || undefined}
              >
                {published ? "Published" : "Draft"}
              </span>
              <span className="blog-editor__saved">
                {state.dirty
                  ? "Unsaved changes"
                  : saved
                    ? "All changes saved"
                    : ""}
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
    </form>
  );
}
