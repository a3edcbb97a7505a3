import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useCallback, useMemo, useRef, useState } from "react";
import { GameFrame } from "~/components/GameFrame";
import { ArrowLeftIcon, CloseIcon, PlayIcon } from "~/components/icons";
import { Loader } from "~/components/Loader";
import { useViewer } from "~/components/root-data";
import { track } from "~/lib/analytics";
import { apiFetch } from "~/lib/api";
import { pageTitle } from "~/lib/format";
import { gameFrameSource, randomSeed, type GameMessage } from "~/lib/game-bridge";
import type { GameConnection } from "~/lib/game-bridge";
import type { ShellHandle } from "~/lib/viewer";
import { getGameOr404 } from "~/server/loaders.server";
import "~/styles/player.css";

/** A game fills the screen: no header, menu or footer, and the bottom bar slides away. */
export const handle: ShellHandle = { immersive: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `Play ${data.game.name}` : "Play") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const game = await getGameOr404(context, params.id);
  return {
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

type Stage = { phase: "loading" } | { phase: "playing" } | { phase: "over"; finalScore: number };

/** A match passes its shared seed (?seed=); otherwise every round gets a fresh one. */
function seedFrom(params: URLSearchParams): number | null {
  const value = params.get("seed");
  return value && /^\d{1,10}$/.test(value) && Number(value) <= 0xffffffff ? Number(value) : null;
}

/** /play/:id: the game in a full-screen frame, its live score in the top bar. */
export default function Play() {
  const { game } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const src = useMemo(() => gameFrameSource(game), [game]);
  const [stage, setStage] = useState<Stage>({ phase: "loading" });
  const [score, setScore] = useState(0);
  const [connection, setConnection] = useState<GameConnection | null>(null);
  const fixedSeed = seedFrom(searchParams);
  const levels = game.leaderboard_type === 2;
  const viewer = useViewer();
  const recorded = useRef(false);
  const playType = /^[0-2]$/.test(searchParams.get("type") ?? "") ? Number(searchParams.get("type")) : 0;

  /** The game is ready: count the start (analytics) and, for a player, add it to Recently Played. Once per visit. */
  const recordStart = useCallback(() => {
    if (recorded.current) return;
    recorded.current = true;
    track("start_game_play", { game: game._id });
    if (viewer) {
      apiFetch("/api/user/play", { method: "POST", json: { game: game._id, type: playType } }).catch(() => undefined);
    }
  }, [game._id, viewer, playType]);

  const startRound = useCallback(
    (target: GameConnection) => {
      setScore(0);
      setStage({ phase: "playing" });
      target.send({ type: "start", seed: fixedSeed ?? randomSeed() });
    },
    [fixedSeed],
  );

  const onMessage = useCallback(
    (message: GameMessage, target: GameConnection) => {
      switch (message.type) {
        case "ready":
          recordStart();
          setConnection(target);
          startRound(target);
          break;
        case "game_score":
          setScore(message.value);
          break;
        case "final_score":
          setScore(message.value);
          setStage({ phase: "over", finalScore: message.value });
          break;
        case "gameplay_start":
          setStage({ phase: "playing" });
          break;
        default:
          break;
      }
    },
    [startRound, recordStart],
  );

  return (
    <div className="player">
      <header className="player__bar">
        <Link to={`/detail/${game._id}`} className="icon-button" aria-label="Close game">
          <CloseIcon size={22} />
        </Link>
        <h1 className="player__title">{game.name}</h1>
        {/* Level games (leaderboard_type 2) report the level reached as their score. */}
        <output className="player__score" aria-label={levels ? "Level" : "Score"} data-testid="live-score">
          {levels ? <span className="player__score-label">Level </span> : null}
          {score}
        </output>
      </header>
      <div className="player__frame-wrap">
        {src ? (
          <GameFrame src={src} title={game.name} onMessage={onMessage} external={game.type === 2} />
        ) : (
          <div className="player__overlay">
            <h2 className="player__heading">This game cannot be played right now</h2>
            <Link to={`/detail/${game._id}`} className="button button--ghost">
              <ArrowLeftIcon size={18} /> Back to {game.name}
            </Link>
          </div>
        )}
        {src && stage.phase === "loading" ? (
          <div className="player__overlay">
            <Loader />
          </div>
        ) : null}
        {stage.phase === "over" ? (
          <div className="player__overlay" role="dialog" aria-labelledby="round-over">
            <h2 id="round-over" className="player__heading">
              Round over
            </h2>
            <p className="player__final">
              {levels ? "Level " : null}
              <span data-testid="final-score">{stage.finalScore}</span>
            </p>
            <div className="player__actions">
              <button type="button" className="button button--primary" onClick={() => connection && startRound(connection)}>
                <PlayIcon size={18} /> Play again
              </button>
              <Link to={`/detail/${game._id}`} className="button button--ghost">
                Back to {game.name}
              </Link>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
