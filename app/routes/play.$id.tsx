import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeftIcon, CloseIcon } from "~/components/icons";
import { useMediaBase } from "~/components/root-data";
import { pageTitle } from "~/lib/format";
import { resolveMediaUrl } from "~/lib/media";
import type { ShellHandle } from "~/lib/viewer";
import { getGameOr404 } from "~/server/loaders.server";

/** A game fills the screen: no header, menu or footer, and the bottom bar slides away. */
export const handle: ShellHandle = { immersive: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `Play ${data.game.name}` : "Play") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const game = await getGameOr404(context, params.id);
  return { game: { _id: game._id, name: game.name, icon: game.icon } };
}

/** /play/:id: the full-screen stage. The game frame itself arrives with the player. */
export default function Play() {
  const { game } = useLoaderData<typeof loader>();
  const icon = resolveMediaUrl(game.icon, useMediaBase());
  return (
    <div className="player">
      <header className="player__bar">
        <Link to={`/detail/${game._id}`} className="icon-button" aria-label="Close game">
          <CloseIcon size={22} />
        </Link>
        <h1 className="player__title">{game.name}</h1>
        <span className="player__bar-spacer" aria-hidden="true" />
      </header>
      <div className="player__stage">
        <div className="player__icon">{icon ? <img src={icon} alt="" width={112} height={112} /> : null}</div>
        <span className="pill pill--accent">Coming soon</span>
        <h2 className="player__heading">The game player arrives soon</h2>
        <p className="player__text">
          Full-screen play with live scores, a round timer and your high score is on its way. Until then, take a look at
          the game details.
        </p>
        <Link to={`/detail/${game._id}`} className="button button--ghost">
          <ArrowLeftIcon size={18} />
          Back to {game.name}
        </Link>
      </div>
    </div>
  );
}
