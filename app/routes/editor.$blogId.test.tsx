// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import type { Blog } from "#contract/blog";
import type { Viewer } from "~/lib/viewer";
import {
  installFakeApi,
  renderInRoot,
  viewer,
} from "../../tests/setup/components";
import Editor from "./editor.$blogId";

const DRAFT: Blog = {
  _id: 8,
  title: "Five tips for Tower Stack",
  slug: "five-tips-for-tower-stack",
  tags: ["tips", "puzzle"],
  poster_url: null,
  user_id: 1,
  user_name: "Ava Player",
  user_profile_pic: null,
  created_dt: "2026-03-12T10:00:00.000Z",
  updated_dt: "2026-03-12T10:00:00.000Z",
  published_dt: null,
  blog_url: "/blog/five-tips-for-tower-stack",
  status: "draft",
  excerpt: "Stack slowly.",
  content: [{ id: "b1", type: "text", content: "<p>Stack slowly.</p>" }],
};

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(
  user: Viewer | null,
  entry: string,
  loaded: { access: string; post: Blog | null },
) {
  renderInRoot(null, {
    user,
    path: "/editor/:blogId",
    initialEntry: entry,
    loader: () => loaded,
    Component: Editor,
    wrap: (page) => <AccountProvider>{page}</AccountProvider>,
  });
}

const writer = viewer({ can_write: true });

describe("/editor/:blogId", () => {
  it("says Please wait until the editor's script is in, then edits a new post", async () => {
    const user = userEvent.setup();
    renderEditor(writer, "/editor/new", { access: "ok", post: null });
    expect(await screen.findByText("Please wait")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Blog Editor" })).toBeTruthy();

    const title = await screen.findByLabelText<HTMLInputElement>("Title");
    expect(screen.queryByText("Please wait")).toBeNull();
    expect(title.value).toBe("");
    expect(
      screen.queryByRole("list", { name: "Tags as readers will see them" }),
    ).toBeNull();

    await user.type(
      screen.getByRole("textbox", { name: /^Tags/ }),
      "Tips, Puzzle",
    );
    const tags = screen.getByRole("list", {
      name: "Tags as readers will see them",
    });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((tag) => tag.textContent),
    ).toEqual(["#tips", "#puzzle"]);
  });

  it("opens the writer's own draft with its title and tags, and leads back to it", async () => {
    renderEditor(writer, "/editor/8", { access: "ok", post: DRAFT });
    expect(
      (await screen.findByLabelText<HTMLInputElement>("Title")).value,
    ).toBe(DRAFT.title);
    expect(
      screen.getByRole<HTMLInputElement>("textbox", { name: /^Tags/ }).value,
    ).toBe("tips, puzzle");
    expect(screen.getByRole("heading", { name: "Edit post" })).toBeTruthy();
    expect(
      screen.getByRole("link", { name: /See the draft/ }).getAttribute("href"),
    ).toBe(DRAFT.blog_url);
  });

  it("shows no editor to a visitor, a reader or another writer, each told why", async () => {
    renderEditor(null, "/editor/new", { access: "login", post: null });
    expect(
      await screen.findByRole("heading", {
        name: "Log in to see the blog editor",
      }),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Title")).toBeNull();
    cleanup();

    renderEditor(viewer(), "/editor/new", {
      access: "not-writer",
      post: null,
    });
    expect(
      await screen.findByRole("heading", { name: "For blog writers only" }),
    ).toBeTruthy();
    cleanup();

    renderEditor(writer, "/editor/9", { access: "not-author", post: null });
    expect(
      await screen.findByRole("heading", {
        name: "This post belongs to another writer",
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Read the blog" }).getAttribute("href"),
    ).toBe("/blog");
    expect(screen.queryByLabelText("Title")).toBeNull();
  });
});
