import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import { EmptyState } from "~/components/EmptyState";
import { BlogIcon } from "~/components/icons";
import { pageTitle, truncate } from "~/lib/format";

/** "my-first-post" → "My first post": the readable title carried in the address. */
function titleFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
  return truncate(words.charAt(0).toUpperCase() + words.slice(1), 90);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title || "Blog") }];

export async function loader({ params }: LoaderFunctionArgs) {
  return { title: titleFromSlug(params.title ?? "") };
}

/** /blog/:title: one post. Posts arrive with the blog service. */
export default function BlogPost() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <BackLink to="/blog" title="Blog" />
      <EmptyState
        headingLevel={1}
        badge="Coming soon"
        title={title || "Blog post"}
        icon={<BlogIcon size={28} />}
        actions={
          <Link to="/blog" className="button button--primary">
            Back to the blog
          </Link>
        }
      >
        <p>This post isn&apos;t published yet. The Playfeed blog opens soon with stories, tips and updates.</p>
      </EmptyState>
    </div>
  );
}
