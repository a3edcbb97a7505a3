import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ComingSoon, EmptyState, LoginRequired } from "~/components/EmptyState";
import { EditIcon, LockIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { useViewer } from "~/components/root-data";
import { pageTitle } from "~/lib/format";
import { parseIdOr404 } from "~/server/loaders.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Blog Editor") }];

export async function loader({ params }: LoaderFunctionArgs) {
  return { blogId: parseIdOr404(params.blogId, "blog") };
}

/** /editor/:blogId: where blog writers edit a post (SPEC.md §6: writers only). */
export default function Editor() {
  const user = useViewer();
  return (
    <div className="page page--narrow">
      <PageHeader title="Blog Editor" subtitle="Write and edit posts for the Playfeed blog." back={{ to: "/blog", title: "Blog" }} />
      {!user ? (
        <LoginRequired what="the blog editor" icon={<EditIcon size={28} />} />
      ) : user.can_write ? (
        <ComingSoon
          icon={<EditIcon size={28} />}
          title="The editor is on its way"
          description="The editor for Playfeed writers is being built."
          features={["Mix text and image blocks", "Add, move and delete blocks", "Publish when you're ready"]}
        />
      ) : (
        <EmptyState
          icon={<LockIcon size={28} />}
          title="For blog writers only"
          actions={
            <Link to="/blog" className="button button--primary">
              Read the blog
            </Link>
          }
        >
          <p>The editor is open to Playfeed blog writers. You can still read every published post.</p>
        </EmptyState>
      )}
    </div>
  );
}
