import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useAccount } from "~/components/AccountProvider";
import { BackLink } from "~/components/BackLink";
import { EmptyState } from "~/components/EmptyState";
import { GameChip } from "~/components/GameChip";
import {
  NoOpponents,
  PlayLink,
  SearchingCard,
} from "~/components/game/MatchmakingCards";
import { useMatchmaking } from "~/components/game/useMatchmaking";
import { VersusIcon } from "~/components/icons";
import { useViewer } from "~/components/root-data";
import { pageTitle } from "#contract/format";
import { getGameOr404 } from "~/server/loaders.server";
import "./match.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(data ? `Multiplayer · ${data.game.name}` : "Multiplayer"),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const game = await getGameOr404(context, params.id);
  return {
    game: {
      _id: game._id,
      name: game.name,
      icon: game.icon,
      category: game.category,
    },
    multiplayer: game.game_modes.includes(2),
  };
}

/**
 * /waiting/:id (SPEC.md §2 Waiting, §4 Matchmaking): join the game's lobby and wait up to 10 s for another player,
 * with a countdown; with two players both go to /play with one seed. Nobody: play a bot replaying a real run, or
 * 'Opponents not available' with Retry. Quit goes back to the game. The pairing comes once (ADR 007): in the join
 * answer for the player who joins second, on the user socket for the one who was waiting.
 */
export default function Waiting() {
  const { game, multiplayer } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const { phase, now, join, quit } = useMatchmaking(game, viewer, multiplayer);

  let body;
  if (!multiplayer) {
    body = (
      <EmptyState
        title="This game has no multiplayer mode"
        headingLevel={1}
        icon={<VersusIcon size={28} />}
        actions={<PlayLink gameId={game._id} />}
      >
        <p>Play it solo and set a score for your friends to beat.</p>
      </EmptyState>
    );
  } else if (!viewer) {
    body = (
      <EmptyState
        title="Log in to play against others"
        headingLevel={1}
        icon={<VersusIcon size={28} />}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={openLogin}
          >
            Log in
          </button>
        }
      >
        <p>Multiplayer matches you with another player in about 10 seconds.</p>
      </EmptyState>
    );
  } else if (phase.name === "none" || phase.name === "failed") {
    body = (
      <NoOpponents
        phase={phase}
        gameId={game._id}
        onRetry={() => void join()}
      />
    );
  } else {
    body = (
      <SearchingCard
        phase={phase}
        now={now}
        viewer={viewer}
        onQuit={() => void quit()}
      />
    );
  }

  return (
    <div className="page page--narrow match-page">
      <BackLink to={`/detail/${game._id}`} title={game.name} />
      <GameChip game={game} />
      {body}
    </div>
  );
}
