import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import { ComingSoon } from "~/components/EmptyState";
import { SwordsIcon } from "~/components/icons";
import { pageTitle } from "~/lib/format";
import { parseIdOr404 } from "~/server/loaders.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Challenge") }];

export async function loader({ params }: LoaderFunctionArgs) {
  return { challengeId: parseIdOr404(params.id, "challenge") };
}

/** /challenge/:id: one challenge between two players. */
export default function Challenge() {
  return (
    <div className="page page--narrow">
      <BackLink to="/challenges" title="Challenges" />
      <ComingSoon
        headingLevel={1}
        icon={<SwordsIcon size={28} />}
        title="Challenge details"
        description="Challenges between friends are on their way: bet coins, play the same game and see who scores higher."
        features={["The game, the bet and the message", "Your score against your friend's", "Accept and play in one tap"]}
        actions={
          <Link to="/home" className="button button--primary">
            Browse games
          </Link>
        }
      />
    </div>
  );
}
