// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BLOG_PAGE_SIZE, type BlogSummary } from "#contract/blog";
import { installFakeApi, renderInRoot } from "../../tests/setup/components";
import BlogIndex from "./blog._index";

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post = (id: number, status: "draft" | "published" = "published") =>
  ({
    _id: id,
    title: `Post number ${id}`,
    slug: `post-${id}`,
    tags: ["tips"],
    poster_url: null,
    user_id: 9,
    user_name: "Wren Writer",
    user_profile_pic: null,
    created_dt: "2026-03-12T10:00:00.000Z",
    updated_dt: "2026-03-12T10:00:00.000Z",
    published_dt: status === "published" ? "2026-03-12T10:00:00.000Z" : null,
    blog_url: `/blog/post-${id}`,
    status,
    excerpt: `The start of post ${id}.`,
  }) satisfies BlogSummary;

interface ListPage {
  posts: BlogSummary[];
  page: number;
  hasMore: boolean;
  tag: string | null;
  drafts?: BlogSummary[];
  isWriter?: boolean;
}

/**
 * /blog with `pages` as its loader answers them, one a load; `asked` collects the addresses it was loaded at, and a
 * page waits for `held` when given.
 */
function renderBlog(entry: string, pages: ListPage[], held?: Promise<void>) {
  const asked: string[] = [];
  const answers = pages.map((page) => ({
    drafts: [],
    isWriter: false,
    origin: "https://playfeed.example",
    ...page,
  }));
  renderInRoot(null, {
    path: "/blog",
    initialEntry: entry,
    // The stub hands the loader its request; the helper's type leaves arguments out.
    loader: (...args: unknown[]) => {
      const [{ request }] = args as [{ request: Request }];
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      const answer = answers[asked.length - 1] ?? answers.at(-1)!;
      return asked.length > 1 && held ? held.then(() => answer) : answer;
    },
    Component: BlogIndex,
  });
  return asked;
}

const titles = () =>
  within(screen.getByRole("list", { name: "Posts" }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);

describe("/blog", () => {
  it("adds the next page under the posts on More posts, saying Please wait meanwhile", async () => {
    const user = userEvent.setup();
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    const first = Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => post(i + 1));
    const asked = renderBlog(
      "/blog",
      [
        { posts: first, page: 1, hasMore: true, tag: null },
        { posts: [post(6), post(7)], page: 2, hasMore: false, tag: null },
      ],
      held,
    );
    await user.click(await screen.findByRole("link", { name: "More posts" }));

    const nav = screen.getByRole("navigation", { name: "More posts" });
    expect(await within(nav).findByText("Please wait")).toBeTruthy();
    expect(within(nav).queryByRole("link")).toBeNull();
    expect(titles()).toHaveLength(BLOG_PAGE_SIZE);
    arrive();

    await waitFor(() =>
      expect(titles()).toEqual([
        ...first.map((one) => one.title),
        "Post number 6",
        "Post number 7",
      ]),
    );
    // The last page: no more to ask for.
    expect(within(nav).queryByText("Please wait")).toBeNull();
    expect(within(nav).queryByRole("link", { name: "More posts" })).toBeNull();
    expect(asked.at(-1)).toBe("/blog?index=&page=2");
  });

  it("says no post has a tag yet, and leads back to all posts", async () => {
    renderBlog("/blog?tag=chess", [
      { posts: [], page: 1, hasMore: false, tag: "chess" },
    ]);
    expect(
      await screen.findByRole("heading", { name: "No posts tagged #chess" }),
    ).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "See all posts" }).getAttribute("href"),
    ).toBe("/blog");
    expect(screen.queryByRole("list", { name: "Posts" })).toBeNull();
  });

  it("shows a writer their drafts to edit and New post; a reader sees neither", async () => {
    renderBlog("/blog", [
      {
        posts: [post(1)],
        page: 1,
        hasMore: false,
        tag: null,
        drafts: [post(8, "draft")],
        isWriter: true,
      },
    ]);
    const drafts = await screen.findByRole("region", { name: "Your drafts" });
    expect(
      within(drafts).getByRole("link", { name: "Edit" }).getAttribute("href"),
    ).toBe("/editor/8");
    expect(screen.getByRole("link", { name: "New post" })).toBeTruthy();
    cleanup();

    renderBlog("/blog", [
      { posts: [post(1)], page: 1, hasMore: false, tag: null },
    ]);
    await screen.findByRole("list", { name: "Posts" });
    expect(screen.queryByRole("region", { name: "Your drafts" })).toBeNull();
    expect(screen.queryByRole("link", { name: "New post" })).toBeNull();
  });
});
