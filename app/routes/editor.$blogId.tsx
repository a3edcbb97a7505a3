import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { ReturnHereField } from "~/components/ActionForm";
import { EmptyState, LoginRequired } from "~/components/EmptyState";
import { FormError, FormSuccess, TextField } from "~/components/FormFields";
import { LockIcon } from "~/components/icons";
import { EditIcon } from "~/components/page-icons";
import { Loader } from "~/components/Loader";
import { PageHeader } from "~/components/PageHeader";
import { BLOG_LIMITS, type Blog } from "#contract/blog";
import { BlogFormSchema } from "#contract/blog-form";
import { pageTitle } from "#contract/format";
import { retryImport } from "~/lib/retry-import";
import { formAction, textField, type FormProblem } from "~/server/auth.server";
import { postForEditing } from "~/server/blog.server";
import { parseIdOr404 } from "~/server/loaders.server";
import { parseInput } from "../../workers/services/parse";
// The page frame and its no-script form wear the editor's styles before (or without) the lazily loaded editor.
import "~/components/blog/BlogEditor.css";

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

/**
 * Save draft / Publish, from the rich editor's fetcher or from the plain form a browser without JavaScript gets: the
 * same service call as POST and PUT /api/blog. The plain form is sent back to the saved post's editor.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const user = await context.services.sessions.userForRequest(request);
  const here = `/editor/${params.blogId}`;
  if (!user)
    throw redirect(`/login?redirectTo=${encodeURIComponent(here)}`, 303);
  const id =
    params.blogId === "new" ? null : parseIdOr404(params.blogId, "blog");
  const form = await request.formData();
  const values = {
    title: textField(form, "title"),
    tags: textField(form, "tags"),
    text: textField(form, "text"),
  };
  return formAction(values, async () => {
    const post = await context.services.blog.save(
      user,
      id,
      parseInput(BlogFormSchema, Object.fromEntries(form)),
    );
    if (form.has("redirectTo"))
      throw redirect(`/editor/${post._id}?saved=${post.status}`, 303);
    return { post };
  });
}

type EditorProblem = FormProblem<{ title: string; tags: string; text: string }>;

const SAVED_NOTICES: Record<string, string> = {
  draft: "Draft saved.",
  published: "Published! Readers can see it now.",
};

/**
 * The editor without JavaScript: title, tags and, for a new post, its text; an existing post keeps its blocks, which
 * only the rich editor changes.
 */
function PlainEditor({ post }: { post: Blog | null }) {
  const problem = useActionData<typeof action>() as EditorProblem | undefined;
  const [params] = useSearchParams();
  const entered = problem?.values;
  const notice = problem ? null : SAVED_NOTICES[params.get("saved") ?? ""];
  return (
    <Form
      method="post"
      // Not the current address: a `?saved=` notice must not outlive the next post.
      action={`/editor/${post ? post._id : "new"}`}
      className="blog-editor"
      noValidate
    >
      <ReturnHereField />
      <section className="card blog-editor__details" aria-label="Post details">
        <FormError message={problem?.formError ?? null} />
        <FormSuccess message={notice ?? null} />
        <TextField
          id="post-title"
          name="title"
          label="Title"
          defaultValue={entered?.title ?? post?.title ?? ""}
          maxLength={BLOG_LIMITS.title}
          placeholder="A title readers will click"
        />
        <TextField
          id="post-tags"
          name="tags"
          label="Tags"
          hint="Separate tags with commas"
          defaultValue={entered?.tags ?? post?.tags.join(", ") ?? ""}
          placeholder="tips, puzzle"
        />
        {post ? (
          <input
            type="hidden"
            name="content"
            value={JSON.stringify(post.content)}
          />
        ) : (
          <label className="field" htmlFor="post-text">
            <span className="field__label">Text</span>
            <textarea
              id="post-text"
              name="text"
              className="field__input"
              rows={10}
              maxLength={BLOG_LIMITS.text}
              defaultValue={entered?.text ?? ""}
            />
          </label>
        )}
      </section>
      <div className="blog-editor__bar">
        <div className="blog-editor__actions">
          <button
            type="submit"
            name="intent"
            value="draft"
            className="button button--secondary button--small"
          >
            {post?.status === "published" ? "Unpublish" : "Save draft"}
          </button>
          <button
            type="submit"
            name="intent"
            value="published"
            className="button button--primary button--small"
          >
            {post?.status === "published" ? "Update" : "Publish"}
          </button>
        </div>
      </div>
    </Form>
  );
}

/** Mounts the rich editor in the browser only; until its script is ready the page says 'Please wait'. */
function LazyEditor({ post }: { post: Blog | null }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const waiting = <Loader block />;
  if (!inBrowser)
    return (
      <>
        {waiting}
        {/* Only a browser without JavaScript shows it; React never hydrates what a noscript holds. */}
        <noscript>
          <PlainEditor post={post} />
        </noscript>
      </>
    );
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
