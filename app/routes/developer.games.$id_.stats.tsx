import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Link,
  isRouteErrorResponse,
  redirect,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import {
  STATS_DAYS,
  type GameStatsReport,
  type StatsFigures,
} from "#contract/developer-stats";
import { formatNumber, pageTitle } from "#contract/format";
import { DailyChart } from "~/components/charts/DailyChart";
import { EmptyState } from "~/components/EmptyState";
import { ErrorPage } from "~/components/ErrorPage";
import { LockIcon } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { isApiError } from "~/server/errors.server";
import { notFoundResponse, parseIdOr404 } from "~/server/loaders.server";
import "./developer.games.$id_.stats.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `${data.report.game.name}: numbers` : "Numbers") },
  { name: "robots", content: "noindex" },
];

/**
 * /developer/games/:id/stats: the game's numbers, for its publisher's developers and the moderators. A visitor is sent
 * to log in; anyone else is told the page is not theirs (403), or that there is no such game (404).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const gameId = parseIdOr404(params.id, "game", "Game not found");
  const user = await context.services.sessions.userForRequest(request);
  if (!user) {
    const here = new URL(request.url).pathname;
    throw redirect(`/login?redirectTo=${encodeURIComponent(here)}`);
  }
  try {
    return {
      report: await context.services.developerStats.forGame(user.id, gameId),
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 404) throw notFoundResponse("Game not found");
    throw new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

const formatShare = (value: number) => `${Math.round(value * 100)}%`;
/** 45 → "45s", 125 → "2m 05s". */
function formatSeconds(value: number): string {
  const seconds = Math.round(value);
  if (seconds < 60) return `${seconds}s`;
  const rest = seconds % 60;
  return `${Math.floor(seconds / 60)}m ${String(rest).padStart(2, "0")}s`;
}

const TOTAL = `Last ${STATS_DAYS} days`;
/** The time axis steps in seconds and minutes a person reads at once. */
const TIME_STEPS = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

const orDash = (value: number | null, format: (value: number) => string) =>
  value === null ? "–" : format(value);

/** The period's figures at a glance, above the charts. */
function Summary({ totals }: { totals: StatsFigures }) {
  const tiles: [string, string][] = [
    ["Rounds started", formatNumber(totals.plays)],
    ["Players", formatNumber(totals.players)],
    ["Average time", orDash(totals.averageSeconds, formatSeconds)],
    ["Rounds finished", orDash(totals.finishedShare, formatShare)],
    ["Back next day", orDash(totals.returnDay1, formatShare)],
    ["Back after 7 days", orDash(totals.returnDay7, formatShare)],
    ["Likes", formatNumber(totals.likes)],
    ["Ratings", formatNumber(totals.ratings)],
    ["Ad breaks", formatNumber(totals.adBreaks)],
    ["Errors", formatNumber(totals.errors)],
  ];
  return (
    <dl className="game-stats__summary" aria-label={TOTAL}>
      {tiles.map(([label, value]) => (
        <div key={label} className="game-stats__tile">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every chart of the dashboard, each with its table; the same days on each. */
function Charts({ report }: { report: GameStatsReport }) {
  const { days, totals } = report;
  const labels = days.map((day) => day.day);
  const column = <K extends keyof StatsFigures>(key: K) =>
    days.map((day) => day[key]);
  const common = { days: labels, totalLabel: TOTAL };
  return (
    <div className="game-stats__charts">
      <DailyChart
        {...common}
        title="Rounds started and players"
        kind="bar"
        format={formatNumber}
        series={[
          { name: "Rounds started", values: column("plays") },
          { name: "Players", values: column("players") },
        ]}
        totals={[totals.plays, totals.players]}
      />
      <DailyChart
        {...common}
        title="Average time played per round"
        kind="bar"
        format={formatSeconds}
        steps={TIME_STEPS}
        series={[{ name: "Average time", values: column("averageSeconds") }]}
        totals={[totals.averageSeconds]}
      />
      <DailyChart
        {...common}
        title="Rounds finished with a score"
        kind="line"
        top={1}
        format={formatShare}
        series={[{ name: "Finished", values: column("finishedShare") }]}
        totals={[totals.finishedShare]}
      />
      <DailyChart
        {...common}
        title="New players who came back"
        kind="line"
        top={1}
        format={formatShare}
        series={[
          { name: "Next day", values: column("returnDay1") },
          { name: "After 7 days", values: column("returnDay7") },
        ]}
        totals={[totals.returnDay1, totals.returnDay7]}
      />
      <DailyChart
        {...common}
        title="Likes and ratings given"
        kind="bar"
        format={formatNumber}
        series={[
          { name: "Likes", values: column("likes") },
          { name: "Ratings", values: column("ratings") },
        ]}
        totals={[totals.likes, totals.ratings]}
      />
      <DailyChart
        {...common}
        title="Ad breaks the game asked for"
        kind="bar"
        format={formatNumber}
        series={[{ name: "Ad breaks", values: column("adBreaks") }]}
        totals={[totals.adBreaks]}
      />
      <DailyChart
        {...common}
        title="Errors the game reported"
        kind="bar"
        format={formatNumber}
        series={[{ name: "Errors", values: column("errors") }]}
        totals={[totals.errors]}
      />
    </div>
  );
}

export default function GameStats() {
  const { report } = useLoaderData<typeof loader>();
  const { game, totals } = report;
  return (
    <div className="page game-stats">
      <PageHeader
        title={`${game.name}: numbers`}
        subtitle={`The last ${STATS_DAYS} days by UTC day, today included. A return shows once its day is over.`}
        back={{ to: `/developer/games/${game.id}`, title: "Back to the game" }}
      />
      {totals.plays === 0 ? (
        <EmptyState title="No plays yet">
          <p>
            Numbers appear here the day someone plays {game.name}. Try it
            yourself from the game&apos;s page.
          </p>
        </EmptyState>
      ) : (
        <>
          <Summary totals={totals} />
          <Charts report={report} />
        </>
      )}
    </div>
  );
}

/** A player who is not one of the game's developers is told whose page this is, in the app's shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <div className="page">
        <EmptyState
          headingLevel={1}
          icon={<LockIcon size={28} />}
          title="These numbers are for the game's developers"
          actions={
            <Link to="/developer" className="button button--primary">
              Your games
            </Link>
          }
        >
          <p>{typeof error.data === "string" ? error.data : null}</p>
        </EmptyState>
      </div>
    );
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : undefined;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} message={message} />;
}
