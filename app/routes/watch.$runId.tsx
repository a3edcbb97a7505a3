import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { GameFrame } from "~/components/GameFrame";
import { ArrowLeftIcon, PlayIcon } from "~/components/icons";
import { formatNumber, pageTitle } from "#contract/format";
import {
  gameFrameSource,
  type GameConnection,
  type GameMessage,
} from "~/lib/game-bridge";
import { playPath } from "~/lib/navigation";
import type { ShellHandle } from "~/lib/viewer";
import { getGameOr404, or404, viewerIdOf } from "~/server/loaders.server";
import { RUN_NOT_KEPT } from "#contract/runs";
import "./play.$id.css";
import "./watch.$runId.css";

/** A run plays full-screen, like a round. */
export const handle: ShellHandle = { immersive: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(
      data ? `Watch ${data.run.player_name} · ${data.game.name}` : "Watch",
    ),
  },
  { name: "robots", content: "noindex" },
];

/** /watch/:runId: a kept run (its seed and input log) and its game; a private run only for its players. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  const run = await or404(
    () => context.services.runLogs.run(params.runId, viewerId ?? null),
    RUN_NOT_KEPT,
  );
  const game = await getGameOr404(context, String(run.game_id));
  return {
    run,
    game: {
      _id: game._id,
      name: game.name,
      slug: game.slug,
      type: game.type,
      external_link: game.external_link,
      leaderboard_type: game.leaderboard_type,
    },
  };
}

const SPEEDS = [1, 4] as const;

/**
 * Watches a run: the game replays the stored input log on its own simulation from the run's seed (the same replay the
 * server scored it by), at 1× or 4×, and ends at the run's score. Nothing is played, opened or sent for the viewer.
 */
export default function Watch() {
  const { run, game } = useLoaderData<typeof loader>();
  const connection = useRef<GameConnection | null>(null);
  const [speed, setSpeed] = useState<number>(1);
  const [score, setScore] = useState(0);
  const [ended, setEnded] = useState<number | null>(null);
  const levels = game.leaderboard_type === 2;
  const shown = (value: number) =>
    `${levels ? "Level " : ""}${formatNumber(value)}`;

  const watch = useCallback(
    (target: GameConnection, atSpeed: number) => {
      setScore(0);
      setEnded(null);
      target.send({
        type: "watch",
        seed: run.seed,
        log: run.log,
        speed: atSpeed,
        ...(run.hidden_seed === null ? {} : { hiddenSeed: run.hidden_seed }),
      });
    },
    [run.seed, run.log, run.hidden_seed],
  );

  const onMessage = useCallback(
    (message: GameMessage, target: GameConnection) => {
      if (message.type === "ready") {
        connection.current = target;
        watch(target, speed);
      } else if (message.type === "game_score") setScore(message.value);
      else if (message.type === "watch_end") {
        setScore(message.value);
        setEnded(message.value);
      }
    },
    [watch, speed],
  );

  const changeSpeed = (next: number) => {
    setSpeed(next);
    connection.current?.send({ type: "speed", speed: next });
  };

  const src = gameFrameSource(game);
  return (
    <div
      className="player watch"
      data-phase={ended === null ? "watching" : "ended"}
    >
      <header className="player__bar">
        <Link
          to={`/detail/${game._id}`}
          className="icon-button"
          aria-label={`Back to ${game.name}`}
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <h1 className="player__title">
          <span className="watch__label">Watching </span>
          {run.player_name}
        </h1>
        <div className="watch__speed" role="group" aria-label="Speed">
          {SPEEDS.map((option) => (
            <button
              key={option}
              type="button"
              className={
                option === speed
                  ? "watch__speed-option is-active"
                  : "watch__speed-option"
              }
              aria-pressed={option === speed}
              onClick={() => changeSpeed(option)}
            >
              {option}×
            </button>
          ))}
        </div>
        <output
          className="player__score"
          aria-label={levels ? "Level" : "Score"}
          data-testid="watch-score"
        >
          {levels ? <span className="player__score-label">Level </span> : null}
          {score}
        </output>
      </header>
      <div className="player__frame-wrap">
        {src ? (
          <GameFrame
            src={src}
            title={`${game.name}: ${run.player_name}'s run`}
            slug={game.slug}
            onMessage={onMessage}
          />
        ) : null}
        <div
          className="player__overlay"
          hidden={ended === null}
          data-testid="watch-ended"
        >
          <h2 className="player__heading">End of the run</h2>
          <p className="player__final">{shown(ended ?? run.score)}</p>
          <p className="watch__by">
            {run.player_name}&apos;s run, replayed from its recorded inputs
          </p>
          <div className="player__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                connection.current && watch(connection.current, speed)
              }
            >
              Watch again
            </button>
            <Link to={playPath(game._id)} className="button button--primary">
              <PlayIcon size={18} /> Play {game.name}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
