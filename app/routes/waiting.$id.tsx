import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/BackLink";
import { ComingSoon } from "~/components/EmptyState";
import { GameChip } from "~/components/GameChip";
import { PlayIcon, VersusIcon } from "~/components/icons";
import { pageTitle } from "~/lib/format";
import { playPath } from "~/lib/navigation";
import { getGameChipOr404 } from "~/server/loaders.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Multiplayer · ${data.game.name}` : "Multiplayer") },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  return { game: await getGameChipOr404(context, params.id) };
}

/** /waiting/:id: multiplayer matchmaking. */
export default function Waiting() {
  const { game } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <BackLink to={`/detail/${game._id}`} title={game.name} />
      <GameChip game={game} />
      <ComingSoon
        headingLevel={1}
        icon={<VersusIcon size={28} />}
        title="Waiting for opponents"
        description="Live matchmaking is almost here: soon you'll be paired with another player for a head-to-head round of this game."
        features={[
          "Find an opponent in about 10 seconds",
          "Play a bot when nobody is around",
          "See both scores and the winner at the end",
        ]}
        actions={
          <>
            <Link to={playPath(game._id)} className="button button--primary">
              <PlayIcon size={18} />
              Play solo
            </Link>
            <Link to={`/detail/${game._id}`} className="button button--ghost">
              Quit
            </Link>
          </>
        }
      />
    </div>
  );
}
