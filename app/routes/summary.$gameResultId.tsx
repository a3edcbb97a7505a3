import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ComingSoon } from "~/components/EmptyState";
import { VersusIcon } from "~/components/icons";
import { pageTitle } from "~/lib/format";
import { parseIdOr404 } from "~/server/loaders.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Match Summary") }];

export async function loader({ params }: LoaderFunctionArgs) {
  return { gameResultId: parseIdOr404(params.gameResultId, "game result") };
}

/** /summary/:gameResultId: the end of a multiplayer match. */
export default function Summary() {
  return (
    <div className="page page--narrow">
      <ComingSoon
        headingLevel={1}
        icon={<VersusIcon size={28} />}
        title="Match Summary"
        description="When multiplayer arrives, this is where you'll see how your match went."
        features={["Both players' final scores", "Who won, side by side", "A quick rematch"]}
        actions={
          <Link to="/home" className="button button--primary">
            Browse games
          </Link>
        }
      />
    </div>
  );
}
