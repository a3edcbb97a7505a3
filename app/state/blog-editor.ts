import {
  parseTagList,
  posterIsInContent,
  type Blog,
  type BlogBlock,
  type BlogStatus,
} from "#contract/blog";
import { htmlToText } from "#contract/format";
import { assertNever } from "#contract/protocol";

/**
 * SPEC.md §4 Blog editor: a post is a list of blocks; a placeholder becomes an image or a text block, any block
 * can be deleted, moved, or followed by a new placeholder.
 */
export type EditorBlock =
  | { id: string; kind: "placeholder" }
  | { id: string; kind: "text"; html: string }
  | { id: string; kind: "img"; path: string | null; alt: string };

export interface EditorState {
  title: string;
  /** The tag field as typed: comma-separated. */
  tags: string;
  poster: string | null;
  blocks: EditorBlock[];
  status: BlogStatus;
  /** Changed since the last save. */
  dirty: boolean;
}

export type EditorAction =
  | { type: "setTitle"; title: string }
  | { type: "setTags"; tags: string }
  | { type: "setPoster"; path: string | null }
  | { type: "choose"; id: string; kind: "text" | "img" }
  | { type: "editText"; id: string; html: string }
  | { type: "setImage"; id: string; path: string | null }
  | { type: "setAlt"; id: string; alt: string }
  | { type: "remove"; id: string }
  | { type: "addAfter"; id: string; newId: string }
  | { type: "move"; id: string; by: -1 | 1 }
  | { type: "saved"; status: BlogStatus };

/** A short random block id; block ids only need to be unique within one post. */
export const newBlockId = () => Math.random().toString(36).slice(2, 10);

export function initialEditorState(
  post: Blog | null,
  firstBlockId = newBlockId(),
): EditorState {
  if (!post)
    return {
      title: "",
      tags: "",
      poster: null,
      blocks: [{ id: firstBlockId, kind: "placeholder" }],
      status: "draft",
      dirty: false,
    };
  const blocks = post.content.map((block): EditorBlock =>
    block.type === "text"
      ? { id: block.id, kind: "text", html: block.content }
      : {
          id: block.id,
          kind: "img",
          path: block.content,
          alt: block.alt ?? "",
        },
  );
  return {
    title: post.title,
    tags: post.tags.join(", "),
    // A post without a chosen poster shows its first image; the editor only shows a poster that was chosen.
    poster: posterIsInContent(post) ? null : post.poster_url,
    blocks:
      blocks.length > 0 ? blocks : [{ id: firstBlockId, kind: "placeholder" }],
    status: post.status,
    dirty: false,
  };
}

const mapBlock = (
  state: EditorState,
  id: string,
  change: (block: EditorBlock) => EditorBlock,
): EditorState => ({
  ...state,
  dirty: true,
  blocks: state.blocks.map((block) =>
    block.id === id ? change(block) : block,
  ),
});

export function editorReducer(
  state: EditorState,
  action: EditorAction,
): EditorState {
  switch (action.type) {
    case "setTitle":
      return { ...state, title: action.title, dirty: true };
    case "setTags":
      return { ...state, tags: action.tags, dirty: true };
    case "setPoster":
      return { ...state, poster: action.path, dirty: true };
    case "choose":
      return mapBlock(state, action.id, (block) =>
        block.kind !== "placeholder"
          ? block
          : action.kind === "text"
            ? { id: block.id, kind: "text", html: "" }
            : { id: block.id, kind: "img", path: null, alt: "" },
      );
    case "editText":
      return mapBlock(state, action.id, (block) =>
        block.kind === "text" ? { ...block, html: action.html } : block,
      );
    case "setImage":
      return mapBlock(state, action.id, (block) =>
        block.kind === "img" ? { ...block, path: action.path } : block,
      );
    case "setAlt":
      return mapBlock(state, action.id, (block) =>
        block.kind === "img" ? { ...block, alt: action.alt } : block,
      );
    case "remove": {
      const blocks = state.blocks.filter((block) => block.id !== action.id);
      if (blocks.length === state.blocks.length) return state;
      // A post always offers somewhere to start writing.
      return {
        ...state,
        dirty: true,
        blocks:
          blocks.length > 0 ? blocks : [{ id: action.id, kind: "placeholder" }],
      };
    }
    case "addAfter": {
      const index = state.blocks.findIndex((block) => block.id === action.id);
      if (index < 0) return state;
      const blocks = [...state.blocks];
      blocks.splice(index + 1, 0, { id: action.newId, kind: "placeholder" });
      return { ...state, dirty: true, blocks };
    }
    case "move": {
      const index = state.blocks.findIndex((block) => block.id === action.id);
      const target = index + action.by;
      if (index < 0 || target < 0 || target >= state.blocks.length)
        return state;
      const blocks = [...state.blocks];
      [blocks[index], blocks[target]] = [blocks[target], blocks[index]];
      return { ...state, dirty: true, blocks };
    }
    case "saved":
      return { ...state, status: action.status, dirty: false };
    default:
      return assertNever(action);
  }
}

/** What goes to the API: unused placeholders, empty text and images still without a picture are left out. */
export function toPayload(state: EditorState, status: BlogStatus) {
  const content: BlogBlock[] = [];
  for (const block of state.blocks) {
    if (block.kind === "text" && htmlToText(block.html) !== "")
      content.push({ id: block.id, type: "text", content: block.html });
    if (block.kind === "img" && block.path)
      content.push({
        id: block.id,
        type: "img",
        content: block.path,
        ...(block.alt.trim() ? { alt: block.alt.trim() } : {}),
      });
  }
  return {
    title: state.title,
    tags: parseTagList(state.tags),
    poster_url: state.poster,
    content,
    status,
  };
}
