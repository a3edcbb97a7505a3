import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { EmptyState, LoginRequired } from "~/components/EmptyState";
import { EditIcon, LockIcon } from "~/components/icons";
import { Loader } from "~/components/Loader";
import { PageHeader } from "~/components/PageHeader";
import type { Blog } from "#contract/blog";
import { pageTitle } from "#contract/format";
import { retryImport } from "~/lib/retry-import";
import { postForEditing } from "~/server/blog.server";
import { parseIdOr404 } from "~/server/loaders.server";

// SPEC.md §4: the editor's script loads only here, on demand, retried every second until it arrives.
const BlogEditor = lazy(() =>
  retryImport(() => import("~/components/blog/BlogEditor")).then((module) => ({
    default: module.BlogEditor,
  })),
);

type EditorAccess = "login" | "not-writer" | "not-author" | "ok";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.post ? `Edit: ${data.post.title}` : "Blog Editor") },
  { name: "robots", content: "noindex" },
];

/** `/editor/new` starts a post; `/editor/{id}` edits one of the writer's own posts. */
export async function loader({
  params,
  request,
  context,
}: LoaderFunctionArgs): Promise<{ access: EditorAccess; post: Blog | null }> {
  const isNew = params.blogId === "new";
  const id = isNew ? null : parseIdOr404(params.blogId, "blog");
  const user = await context.services.sessions.userForRequest(request);
  if (!user) return { access: "login", post: null };
  if (!user.canWrite) return { access: "not-writer", post: null };
  if (id === null) return { access: "ok", post: null };
  const post = await postForEditing(context, user, id);
  return post ? { access: "ok", post } : { access: "not-author", post: null };
}

/** Mounts the editor in the browser only; until its script is ready the page says 'Please wait'. */
function LazyEditor({ post }: { post: Blog | null }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const waiting = <Loader block />;
  if (!inBrowser) return waiting;
  return (
    <Suspense fallback={waiting}>
      <BlogEditor post={post} />
    </Suspense>
  );
}

function NoAccess({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState
      icon={<LockIcon size={28} />}
      title={title}
      actions={
        <Link to="/blog" className="button button--primary">
          Read the blog
        </Link>
      }
    >
      <p>{text}</p>
    </EmptyState>
  );
}

/** /editor/:blogId: where blog writers write and edit their posts (SPEC.md §6: writers only). */
export default function Editor() {
  const { access, post } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow blog-editor-page">
      <PageHeader
        title={post ? "Edit post" : "Blog Editor"}
        subtitle={post ? post.title : "Write a new post for the Playfeed blog."}
        back={
          post
            ? {
                to: post.blog_url,
                title:
                  post.status === "published"
                    ? "Back to the post"
                    : "See the draft",
              }
            : { to: "/blog", title: "Blog" }
        }
      />
      {access === "login" ? (
        <LoginRequired what="the blog editor" icon={<EditIcon size={28} />} />
      ) : access === "not-writer" ? (
        <NoAccess
          title="For blog writers only"
          text="The editor is open to Playfeed blog writers. You can still read every published post."
        />
      ) : access === "not-author" ? (
        <NoAccess
          title="This post belongs to another writer"
          text="Writers can only edit their own posts. You can still read it on the blog."
        />
      ) : (
        <LazyEditor post={post} />
      )}
    </div>
  );
}
