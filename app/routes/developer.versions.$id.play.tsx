import {
  redirect,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { BackLink } from "~/components/BackLink";
import { EmptyState } from "~/components/EmptyState";
import { GameFrame } from "~/components/GameFrame";
import { AlertIcon } from "~/components/icons";
import { InspectorChecklist } from "~/components/inspector/InspectorChecklist";
import { InspectorPanel } from "~/components/inspector/InspectorPanel";
import { InspectorStage } from "~/components/inspector/InspectorStage";
import { useInspector } from "~/components/inspector/useInspector";
import { useGamePlayer } from "~/components/play/useGamePlayer";
import { useMediaBase, useViewer } from "~/components/root-data";
import { bundleAddress } from "#contract/developers";
import { pageTitle } from "#contract/format";
import {
  isAllowedExternalLink,
  randomSeed,
  type GameConnection,
  type GameMessage,
} from "~/lib/game-bridge";
import { checklistOf } from "~/lib/inspector";
import type { ShellHandle } from "~/lib/viewer";
import { or404, parseIdOr404 } from "~/server/loaders.server";
import "./developer.versions.$id.play.css";

/** The game fills the screen beside its inspector: no header, menu or footer. */
export const handle: ShellHandle = { immersive: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Test ${data.version.name}` : "Test a game") },
  { name: "robots", content: "noindex" },
];

/**
 * A version for one of its publisher's developers or a moderator (anyone else: the 404 page, so a draft does not
 * leak), with where its game plays from: an upload from the games origin, a link from its own address.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const versionId = parseIdOr404(params.id, "version", "Version not found");
  const user = await context.services.sessions.userForRequest(request);
  if (!user)
    throw redirect(
      `/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`,
    );
  const { version, isDeveloper, isModerator } = await or404(
    () => context.services.developers.versionFor(user.id, versionId),
    "Version not found",
  );
  const src =
    version.kind === "link"
      ? isAllowedExternalLink(version.externalLink)
        ? version.externalLink
        : null
      : version.bundlePath
        ? bundleAddress(context.cloudflare.env.GAMES_ORIGIN, version.bundlePath)
        : null;
  return {
    version: {
      id: version.id,
      gameId: version.gameId,
      name: version.meta.name,
      status: version.status,
      timed: version.meta.timed,
      maximumGameTime: version.meta.maximumGameTime,
    },
    frame: src ? { src, external: version.kind === "link" } : null,
    back: isDeveloper
      ? { to: `/developer/games/${version.gameId}`, title: "Game" }
      : { to: `/moderation/versions/${version.id}`, title: "Review" },
    isModerator,
  };
}

/**
 * /developer/versions/:id/play (issue #33): a developer or moderator plays a version privately, in the same frame
 * and bridge as the play screen, beside the SDK inspector. Nothing is recorded: no play session, no score, no
 * analytics; the game's data lives in this browser under the version's own key.
 */
export default function TestVersion() {
  const { version, frame, back } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const player = useGamePlayer(viewer, useMediaBase());
  const inspector = useInspector();
  const { state } = inspector;
  const [tab, setTab] = useState<"checklist" | "messages">("checklist");
  const connection = useRef<GameConnection | null>(null);
  const startRound = useCallback(() => {
    connection.current?.send({
      type: "start",
      seed: randomSeed(),
      ...(version.timed ? { duration: version.maximumGameTime } : {}),
    });
    connection.current?.focus();
  }, [version.timed, version.maximumGameTime]);
  const onMessage = useCallback(
    (message: GameMessage, connected: GameConnection) => {
      connection.current = connected;
      if (message.type === "ready") startRound();
    },
    [startRound],
  );
  const problems = state.entries.filter((entry) => entry.problem).length;

  return (
    <div className="inspector" data-tab={tab}>
      <header className="inspector__bar">
        <BackLink to={back.to} title={back.title} />
        <h1 className="inspector__title">
          <span className="visually-hidden">Test </span>
          {version.name}
        </h1>
        <span className="inspector__private">Private test · not recorded</span>
        <button
          type="button"
          className="button button--ghost inspector__restart"
          disabled={!state.loadingFinished}
          onClick={startRound}
        >
          New round
        </button>
      </header>
      <main className="inspector__main">
        {frame ? (
          <InspectorStage size={state.measuring}>
            <GameFrame
              src={frame.src}
              title={version.name}
              slug={`draft-version-${version.id}`}
              dataOwner={null}
              external={frame.external}
              player={player}
              onMessage={onMessage}
              onTraffic={inspector.onTraffic}
            />
          </InspectorStage>
        ) : (
          <div className="inspector-stage">
            <EmptyState
              icon={<AlertIcon size={28} />}
              title="This version cannot be played yet"
            >
              Its files are not stored, or its address is not an https:// one.
              Upload it again as a new version.
            </EmptyState>
          </div>
        )}
        <aside className="inspector__side" aria-label="SDK inspector">
          <div className="inspector__tabs" role="group" aria-label="Show">
            <button
              type="button"
              aria-pressed={tab === "checklist"}
              onClick={() => setTab("checklist")}
            >
              Checklist
            </button>
            <button
              type="button"
              aria-pressed={tab === "messages"}
              onClick={() => setTab("messages")}
            >
              Messages {problems > 0 ? `(${problems} ⚠)` : null}
            </button>
          </div>
          <InspectorChecklist
            items={checklistOf(state)}
            measuring={state.measuring}
            onMeasure={inspector.measure}
          />
          <InspectorPanel entries={state.entries} />
        </aside>
      </main>
    </div>
  );
}
