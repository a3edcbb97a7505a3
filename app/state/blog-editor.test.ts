import { describe, expect, it } from "vitest";
import type { Blog } from "#contract/blog";
import {
  editorReducer,
  initialEditorState,
  toPayload,
  type EditorAction,
  type EditorState,
} from "./blog-editor";

const run = (state: EditorState, ...actions: EditorAction[]) =>
  actions.reduce(editorReducer, state);
const kinds = (state: EditorState) =>
  state.blocks.map((block) => `${block.id}:${block.kind}`);

const post: Blog = {
  _id: 7,
  title: "Hello",
  slug: "hello",
  tags: ["news", "tips"],
  poster_url: "/media/blog/snake-poster.jpg",
  user_id: 1,
  user_name: "Maya Fields",
  user_profile_pic: null,
  created_dt: "2026-03-02T09:00:00.000Z",
  updated_dt: "2026-03-02T09:00:00.000Z",
  published_dt: "2026-03-02T09:00:00.000Z",
  blog_url: "/blog/hello",
  status: "published",
  excerpt: "Hi",
  content: [
    { id: "a", type: "text", content: "<p>Hi</p>" },
    {
      id: "b",
      type: "img",
      content: "/media/blog/snake-board.jpg",
      alt: "Board",
    },
  ],
};

describe("editorReducer", () => {
  it("starts a new post with one placeholder block, and an existing post with its blocks", () => {
    expect(initialEditorState(null, "p1")).toEqual({
      title: "",
      tags: "",
      poster: null,
      blocks: [{ id: "p1", kind: "placeholder" }],
      status: "draft",
      dirty: false,
    });
    const state = initialEditorState(post);
    expect(state.tags).toBe("news, tips");
    expect(state.poster).toBe("/media/blog/snake-poster.jpg");
    expect(state.blocks).toEqual([
      { id: "a", kind: "text", html: "<p>Hi</p>" },
      {
        id: "b",
        kind: "img",
        path: "/media/blog/snake-board.jpg",
        alt: "Board",
      },
    ]);
  });

  it("does not treat the first image standing in for a missing poster as a chosen poster", () => {
    expect(
      initialEditorState({ ...post, poster_url: "/media/blog/snake-board.jpg" })
        .poster,
    ).toBeNull();
  });

  it("turns a placeholder into a text or an image block, and only a placeholder", () => {
    const start = initialEditorState(null, "p1");
    const text = run(start, { type: "choose", id: "p1", kind: "text" });
    expect(text.blocks).toEqual([{ id: "p1", kind: "text", html: "" }]);
    expect(text.dirty).toBe(true);
    expect(run(text, { type: "choose", id: "p1", kind: "img" }).blocks).toEqual(
      text.blocks,
    );
    expect(
      run(start, { type: "choose", id: "p1", kind: "img" }).blocks,
    ).toEqual([{ id: "p1", kind: "img", path: null, alt: "" }]);
  });

  it("adds a placeholder right after a block, and moves blocks up and down within the list", () => {
    let state = initialEditorState(post);
    state = run(state, { type: "addAfter", id: "a", newId: "n" });
    expect(kinds(state)).toEqual(["a:text", "n:placeholder", "b:img"]);
    state = run(state, { type: "move", id: "b", by: -1 });
    expect(kinds(state)).toEqual(["a:text", "b:img", "n:placeholder"]);
    state = run(
      state,
      { type: "move", id: "a", by: 1 },
      { type: "move", id: "a", by: 1 },
    );
    expect(kinds(state)).toEqual(["b:img", "n:placeholder", "a:text"]);
    // Past either end nothing changes.
    expect(run(state, { type: "move", id: "a", by: 1 })).toBe(state);
    expect(run(state, { type: "move", id: "b", by: -1 })).toBe(state);
  });

  it("deletes blocks, leaving a placeholder when the last one goes", () => {
    const state = run(initialEditorState(post), { type: "remove", id: "a" });
    expect(kinds(state)).toEqual(["b:img"]);
    expect(kinds(run(state, { type: "remove", id: "b" }))).toEqual([
      "b:placeholder",
    ]);
    expect(run(state, { type: "remove", id: "zzz" })).toBe(state);
  });

  it("edits text, images and their descriptions, and forgets changes once saved", () => {
    const state = run(
      initialEditorState(post),
      { type: "editText", id: "a", html: "<p>Changed</p>" },
      { type: "setAlt", id: "b", alt: "New alt" },
      {
        type: "setImage",
        id: "b",
        path: "blog/1/0f4c3b2a-1111-4222-8333-444455556666.png",
      },
      { type: "setTitle", title: "New title" },
    );
    expect(state.blocks).toEqual([
      { id: "a", kind: "text", html: "<p>Changed</p>" },
      {
        id: "b",
        kind: "img",
        path: "blog/1/0f4c3b2a-1111-4222-8333-444455556666.png",
        alt: "New alt",
      },
    ]);
    expect(state.dirty).toBe(true);
    expect(run(state, { type: "saved", status: "draft" })).toMatchObject({
      dirty: false,
      status: "draft",
      title: "New title",
    });
  });
});

describe("toPayload", () => {
  it("sends text and images in order and leaves out placeholders, empty text and images without a picture", () => {
    const state = run(
      initialEditorState(post),
      { type: "addAfter", id: "a", newId: "p" },
      { type: "addAfter", id: "p", newId: "t" },
      { type: "choose", id: "t", kind: "text" },
      { type: "editText", id: "t", html: "<p><br></p>" },
      { type: "addAfter", id: "t", newId: "i" },
      { type: "choose", id: "i", kind: "img" },
      { type: "setTags", tags: "Tips,  news , tips," },
    );
    expect(toPayload(state, "published")).toEqual({
      title: "Hello",
      tags: ["tips", "news"],
      poster_url: "/media/blog/snake-poster.jpg",
      status: "published",
      content: [
        { id: "a", type: "text", content: "<p>Hi</p>" },
        {
          id: "b",
          type: "img",
          content: "/media/blog/snake-board.jpg",
          alt: "Board",
        },
      ],
    });
  });
});
