import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { BlogIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { pageTitle } from "~/lib/format";

export const meta: MetaFunction = () => [
  { title: pageTitle("Blog") },
  { name: "description", content: "News, game tips and stories from the Playfeed team." },
];

/** /blog: the list of posts. */
export default function BlogIndex() {
  return (
    <div className="page">
      <PageHeader title="Blog" subtitle="News, game tips and stories from the Playfeed team." />
      <EmptyState
        title="No posts yet"
        icon={<BlogIcon size={28} />}
        actions={
          <Link to="/home" className="button button--primary">
            Play a game meanwhile
          </Link>
        }
      >
        <p>Our writers are working on the first stories. Check back soon for game tips, updates and behind-the-scenes posts.</p>
      </EmptyState>
    </div>
  );
}
