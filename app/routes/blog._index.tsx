import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { BlogCard } from "~/components/blog/BlogCard";
import { PlusIcon, RssIcon } from "~/components/blog/icons";
import { EmptyState } from "~/components/EmptyState";
import { BlogIcon, CloseIcon } from "~/components/icons";
import { EditIcon } from "~/components/page-icons";
import { Loader } from "~/components/Loader";
import { PageHeader } from "~/components/PageHeader";
import {
  BLOG_CLIENT_ID,
  BLOG_PAGE_SIZE,
  formatBlogDate,
  type BlogSummary,
} from "#contract/blog";
import { pageTitle } from "#contract/format";
import { canonicalLink, socialMeta } from "~/lib/seo";
import { requestOrigin } from "~/server/loaders.server";
import "./blog._index.css";

const DESCRIPTION = "News, game tips and stories from the Playfeed team.";
const TAG = /^[\p{L}\p{N}][\p{L}\p{N} &'-]{0,29}$/u;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(data?.tag ? `#${data.tag} · Blog` : "Blog") },
  { name: "description", content: DESCRIPTION },
  {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: "Playfeed blog",
    href: data ? `${data.origin}/blog/rss.xml` : "/blog/rss.xml",
  },
  // A tag or a later page is a page of its own; a link's other query parameters are not.
  ...canonicalLink(matches, data ? pageHref(data.page, data.tag) : "/blog"),
  ...socialMeta(matches, {
    path: data ? pageHref(data.page, data.tag) : "/blog",
    title: "Playfeed blog",
    description: DESCRIPTION,
    card: "blog",
  }),
];

/** `?page=2` (pages count from 1 in the address) and `?tag=tips`; anything unreadable falls back to the first page of all posts. */
function listQuery(url: URL) {
  const page = Number(url.searchParams.get("page") ?? "1");
  const tag = url.searchParams.get("tag")?.trim().toLowerCase() ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    tag: TAG.test(tag) ? tag : null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page, tag } = listQuery(url);
  const viewer = await context.services.sessions.userForRequest(request);
  const list = await context.services.blog.list(
    BLOG_CLIENT_ID,
    { page: page - 1, limit: BLOG_PAGE_SIZE, ...(tag ? { tag } : {}) },
    null,
  );
  // A writer sees their unpublished drafts above the list, to pick up where they left off.
  const drafts =
    viewer?.canWrite && page === 1 && !tag
      ? (
          await context.services.blog.list(
            BLOG_CLIENT_ID,
            { author: "me", limit: 20 },
            viewer,
          )
        ).posts.filter((post) => post.status === "draft")
      : [];
  return {
    posts: list.posts,
    page,
    hasMore: list.has_more,
    tag,
    drafts,
    isWriter: !!viewer?.canWrite,
    origin: requestOrigin(request),
  };
}

type BlogListData = Awaited<ReturnType<typeof loader>>;

const pageHref = (page: number, tag: string | null) => {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
};

/**
 * The next BLOG_PAGE_SIZE posts. Without JavaScript "More posts" is a link to the next page; with it the next page
 * is fetched and added under the posts already shown.
 */
function usePostPages(first: BlogListData) {
  const fetcher = useFetcher<BlogListData>();
  const [more, setMore] = useState<BlogListData[]>([]);
  useEffect(() => setMore([]), [first]);
  useEffect(() => {
    const loaded = fetcher.data;
    if (fetcher.state === "idle" && loaded)
      setMore((pages) =>
        pages.some((page) => page.page === loaded.page)
          ? pages
          : [...pages, loaded],
      );
  }, [fetcher.state, fetcher.data]);
  const last = more.at(-1) ?? first;
  const posts: BlogSummary[] = [
    ...first.posts,
    ...more.flatMap((page) => page.posts),
  ];
  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // `index` makes the fetch reach this index route's loader rather than the root's.
    const params = new URLSearchParams({
      index: "",
      page: String(last.page + 1),
    });
    if (first.tag) params.set("tag", first.tag);
    fetcher.load(`/blog?${params}`);
  };
  return {
    posts,
    hasMore: last.hasMore,
    nextHref: pageHref(last.page + 1, first.tag),
    loadMore,
    loading: fetcher.state !== "idle",
  };
}

function Drafts({ drafts }: { drafts: BlogSummary[] }) {
  if (drafts.length === 0) return null;
  return (
    <section className="card blog-drafts" aria-labelledby="blog-drafts-title">
      <h2 id="blog-drafts-title" className="card__title">
        Your drafts
      </h2>
      <ul className="blog-drafts__list">
        {drafts.map((draft) => (
          <li key={draft._id} className="blog-drafts__item">
            <div>
              <Link to={draft.blog_url} className="blog-drafts__title">
                {draft.title}
              </Link>
              <span className="blog-drafts__date">
                Last saved {formatBlogDate(draft.updated_dt)}
              </span>
            </div>
            <Link
              to={`/editor/${draft._id}`}
              className="button button--ghost button--small"
            >
              <EditIcon size={16} /> Edit
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /blog: the published posts, newest first, BLOG_PAGE_SIZE at a time (SPEC.md §9). */
export default function BlogIndex() {
  const data = useLoaderData<typeof loader>();
  const { posts, hasMore, nextHref, loadMore, loading } = usePostPages(data);
  const { page, tag } = data;
  return (
    <div className="page blog-page">
      <PageHeader
        title="Blog"
        subtitle={DESCRIPTION}
        aside={
          <div className="blog-page__actions">
            <a
              href="/blog/rss.xml"
              className="button button--ghost button--small"
              aria-label="RSS feed of the blog"
            >
              <RssIcon size={16} /> RSS
            </a>
            {data.isWriter ? (
              <Link
                to="/editor/new"
                className="button button--primary button--small"
              >
                <PlusIcon size={16} /> New post
              </Link>
            ) : null}
          </div>
        }
      />
      {tag ? (
        <p className="blog-filter">
          Posts tagged <strong>#{tag}</strong>
          <Link
            to="/blog"
            className="blog-filter__clear"
            aria-label="Show all posts"
          >
            <CloseIcon size={16} />
          </Link>
        </p>
      ) : null}
      <Drafts drafts={data.drafts} />
      {posts.length === 0 ? (
        <EmptyState
          title={
            tag
              ? `No posts tagged #${tag}`
              : page > 1
                ? "No more posts"
                : "No posts yet"
          }
          icon={<BlogIcon size={28} />}
          actions={
            <Link
              to={tag || page > 1 ? "/blog" : "/home"}
              className="button button--primary"
            >
              {tag || page > 1 ? "See all posts" : "Play a game meanwhile"}
            </Link>
          }
        >
          <p>
            Our writers are working on new stories. Check back soon for game
            tips, updates and behind-the-scenes posts.
          </p>
        </EmptyState>
      ) : (
        <ul className="blog-list" aria-label="Posts">
          {posts.map((post, index) => (
            <li key={post._id}>
              <BlogCard post={post} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <nav className="blog-pager" aria-label="More posts">
        {page > 1 ? (
          <Link to={pageHref(page - 1, tag)} className="button button--ghost">
            Newer posts
          </Link>
        ) : null}
        {hasMore ? (
          loading ? (
            <Loader />
          ) : (
            <Link
              to={nextHref}
              className="button button--secondary"
              onClick={loadMore}
            >
              More posts
            </Link>
          )
        ) : null}
      </nav>
    </div>
  );
}
