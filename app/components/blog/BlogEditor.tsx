import { useEffect, useReducer, type Dispatch } from "react";
import { BLOG_LIMITS, parseTagList, type Blog } from "#contract/blog";
import {
  editorReducer,
  initialEditorState,
  newBlockId,
  type EditorAction,
  type EditorBlock,
  type EditorState,
} from "~/state/blog-editor";
import { TextField } from "../FormFields";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ImageIcon,
  PlusIcon,
  TextIcon,
  TrashIcon,
} from "./icons";
import { EditorBar } from "./EditorBar";
import { ImagePicker, type UploadStage } from "./ImagePicker";
import { RichText } from "./RichText";
import { useSavePost } from "./useSavePost";
import "./BlogEditor.css";
import "./BlogMeta.css";

const BLOCK_NAMES = {
  placeholder: "New block",
  text: "Text",
  img: "Image",
} as const;

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

/**
 * SPEC.md §4 Blog editor: title, tags, poster and the blocks of a post; saves as a draft or publishes. Loaded lazily
 * by /editor/:blogId, so readers never download it.
 */
export function BlogEditor({ post }: { post: Blog | null }) {
  const [state, dispatch] = useReducer(editorReducer, post, (initial) =>
    initialEditorState(initial),
  );
  const { saved, notice, shownError, busy, waiting, save, track } = useSavePost(
    post,
    state,
    dispatch,
  );
  useWarnBeforeLeaving(state.dirty);

  const published = state.status === "published";
  return (
    <form
      className="blog-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(published ? "published" : "draft");
      }}
    >
      <PostDetails
        state={state}
        dispatch={dispatch}
        onUpload={track("poster")}
      />

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
              onUpload={track(block.id)}
            />
          ))}
        </ol>
      </section>

      <EditorBar
        published={published}
        dirty={state.dirty}
        saved={saved}
        notice={notice}
        shownError={shownError}
        waiting={waiting}
        busy={busy}
        save={save}
      />
    </form>
  );
}

/** The post's title, tags (as readers will see them) and poster. */
function PostDetails({
  state,
  dispatch,
  onUpload,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  onUpload: (stage: UploadStage) => void;
}) {
  const tags = parseTagList(state.tags);
  return (
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
            Shown in the list and on shared links; the first image when none is
            chosen
          </span>
        </span>
        <ImagePicker
          id="post-poster"
          label="poster"
          path={state.poster}
          removable
          onChange={(path) => dispatch({ type: "setPoster", path })}
          onUpload={onUpload}
        />
      </div>
    </section>
  );
}
