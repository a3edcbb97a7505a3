import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import { ComingSoon, EmptyState, LoginRequired } from "~/components/EmptyState";
import { EditIcon, LockIcon } from "~/components/icons";
import { useViewer } from "~/components/root-data";
import { pageTitle } from "~/lib/format";
import { parseIdOr404 } from "~/server/loaders.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Blog editor") }];

export async function loader({ params }: LoaderFunctionArgs) {
  return { blogId: parseIdOr404(params.blogId, "blog") };
}

/** /editor/:blogId: where blog writers edit a post (SPEC.md §6: writers only). */
export default function Editor() {
  const user = useViewer();
  return (
    <div className="page page--narrow">
      <BackLink to="/blog" title="Blog" />
      {!user ? (
        <LoginRequired headingLevel={1} what="the blog editor" icon={<EditIcon size={28} />} />
      ) : user.can_write ? (
        <ComingSoon
          headingLevel={1}
          icon={<EditIcon size={28} />}
          title="Blog editor"
          description="The editor for Playfeed writers is being built."
          features={["Mix text and image blocks", "Add, move and delete blocks", "Publish when you're ready"]}
        />
      ) : (
        <EmptyState
          headingLevel={1}
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
