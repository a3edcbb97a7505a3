import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import { ComingSoon } from "~/components/EmptyState";
import { GameChip } from "~/components/GameChip";
import { PlayIcon, TrophyIcon } from "~/components/icons";
import { pageTitle } from "~/lib/format";
import { playPath } from "~/lib/navigation";
import { getGameChipOr404 } from "~/server/loaders.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Result · ${data.game.name}` : "Result") },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  return { game: await getGameChipOr404(context, params.id) };
}

/** /result/:id: the single-player result screen. */
export default function Result() {
  const { game } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <BackLink to={`/detail/${game._id}`} title={game.name} />
      <GameChip game={game} />
      <ComingSoon
        headingLevel={1}
        icon={<TrophyIcon size={28} />}
        title="Your results will show here"
        description="After each round you'll see how you did and where you stand."
        features={["Your score and your high score", "The leaderboard for this game", "Challenge friends to beat your score"]}
        actions={
          <>
            <Link to={playPath(game._id)} className="button button--primary">
              <PlayIcon size={18} />
              Play again
            </Link>
            <Link to={`/detail/${game._id}`} className="button button--ghost">
              Done
            </Link>
          </>
        }
      />
    </div>
  );
}
