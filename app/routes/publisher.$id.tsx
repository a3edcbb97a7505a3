import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { GameList } from "~/components/GameCard";
import { GamesIcon } from "~/components/icons";
import { useMediaBase } from "~/components/root-data";
import { pageTitle, truncate } from "#contract/format";
import { resolveMediaUrl } from "~/lib/media";
import { canonicalLink } from "~/lib/seo";
import { getPublisherPageOr404, viewerIdOf } from "~/server/loaders.server";
import "./publisher.$id.css";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: pageTitle(data.publisher.name) },
        {
          name: "description",
          content:
            truncate(data.publisher.about, 155) ||
            `Games by ${data.publisher.name} on Playfeed.`,
        },
        ...canonicalLink(matches, `/publisher/${data.publisher._id}`),
      ]
    : [{ title: pageTitle("Publisher not found") }];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  return getPublisherPageOr404(context, params.id, viewerId);
}

/** /publisher/:id: a publisher's public profile (SPEC.md §1): banner, icon, name, about and their games. */
export default function PublisherPage() {
  const { publisher, games } = useLoaderData<typeof loader>();
  const mediaBase = useMediaBase();
  const banner = resolveMediaUrl(publisher.banner, mediaBase);
  const icon = resolveMediaUrl(publisher.icon, mediaBase);
  return (
    <div className="page publisher">
      <section className="publisher-hero" aria-labelledby="publisher-title">
        <div className="publisher-hero__banner">
          {banner ? (
            <img src={banner} alt="" width={1200} height={300} />
          ) : null}
        </div>
        <div className="publisher-hero__body">
          <div className="publisher-hero__icon">
            {icon ? (
              <img
                src={icon}
                alt={`${publisher.name} logo`}
                width={96}
                height={96}
              />
            ) : (
              <span aria-hidden="true">{publisher.name.slice(0, 1)}</span>
            )}
          </div>
          <div className="publisher-hero__text">
            <p className="publisher-hero__eyebrow">Publisher</p>
            <h1 id="publisher-title" className="publisher-hero__name">
              {publisher.name}
            </h1>
            <p className="publisher-hero__count">
              {games.length} {games.length === 1 ? "game" : "games"}
            </p>
          </div>
        </div>
      </section>
      {publisher.about ? (
        <section
          className="card publisher__about"
          aria-labelledby="publisher-about"
        >
          <h2 id="publisher-about" className="card__title">
            About
          </h2>
          <p className="prose">{publisher.about}</p>
        </section>
      ) : null}
      <section className="publisher__games" aria-labelledby="publisher-games">
        <h2 id="publisher-games" className="section-title">
          Games
        </h2>
        {games.length === 0 ? (
          <EmptyState
            title="No games yet"
            icon={<GamesIcon size={28} />}
            headingLevel={3}
            actions={
              <Link to="/" className="button button--primary">
                Go to Home
              </Link>
            }
          >
            <p>You don&apos;t have any games.</p>
          </EmptyState>
        ) : (
          <GameList games={games} from={`publisher-${publisher._id}`} />
        )}
      </section>
    </div>
  );
}
