import type {
  LoaderFunctionArgs,
  MetaDescriptor,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useAccount } from "~/components/AccountProvider";
import { AdSlot } from "~/components/AdSlot";
import { BackLink } from "~/components/BackLink";
import { DetailHero } from "~/components/game/DetailHero";
import { ReportGameLink } from "~/components/staff/ReportLinks";
import {
  AboutGame,
  Leaderboard,
  DetailChallenge,
  RateOnPage,
} from "~/components/game/DetailSections";
import { lazyDialog } from "~/components/lazy-dialog";
import { useViewer } from "~/components/root-data";
import { DETAIL_AD_SLOT } from "~/lib/ads";
import { track } from "~/lib/analytics";
import { htmlToText, pageTitle, truncate } from "#contract/format";
import { idOrNull } from "#contract/ids";
import { resolveMediaUrl } from "~/lib/media";
import { originFromQuery } from "~/lib/navigation";
import { cardMeta } from "~/lib/seo";
import { pageBoard } from "~/server/boards.server";
import {
  getDetailGameOr404,
  requestOrigin,
  viewerIdOf,
} from "~/server/loaders.server";
import "./detail.$id.css";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const viewerId = await viewerIdOf(context, request);
  const game = await getDetailGameOr404(context, params.id, viewerId);
  const url = new URL(request.url);
  const site = requestOrigin(request);
  const absolute = (value: string | null) => {
    const resolved = resolveMediaUrl(value, context.mediaBase);
    return resolved ? new URL(resolved, site).href : null;
  };
  const challengeId = idOrNull(url.searchParams.get("challengeId"));
  // Only its two players can see a challenge; anyone else (or a visitor) gets the plain page.
  const [challenge, board] = await Promise.all([
    challengeId && viewerId
      ? context.services.challenges
          .view(challengeId, viewerId)
          .catch(() => null)
      : null,
    pageBoard(context, game._id, viewerId, url.searchParams),
  ]);
  // The house ad promotes another of our games, chosen by this game's id so the page renders the same each time.
  const others = (await context.services.games.catalogue()).published.filter(
    (other) => other._id !== game._id && !other.is_placeholder,
  );
  const promoted = others.length > 0 ? others[game._id % others.length] : null;
  return {
    game,
    ratingCount: game.rating_count,
    origin: originFromQuery(url.searchParams.get("_sF")),
    challengeId,
    challenge: challenge && challenge.game === game._id ? challenge : null,
    // The leaderboard comes with the page, on the tab and scope its address names, so it reads nothing after it loads.
    board,
    pageUrl: `${site}/detail/${game._id}`,
    imageUrl: absolute(game.poster) ?? absolute(game.icon),
    cardUrl: absolute(context.services.cards.gameCard(game)),
    videoUrl: absolute(game.video),
    houseGame: promoted
      ? {
          _id: promoted._id,
          name: promoted.name,
          icon: promoted.icon,
          category: promoted.category,
          avgRating: promoted.avgRating,
          rating_count: promoted.rating_count,
        }
      : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: pageTitle("Game not found") }];
  const { game, pageUrl, imageUrl, cardUrl, videoUrl, ratingCount } = data;
  const description =
    truncate(htmlToText(game.description), 200) ||
    `Play ${game.name} free on Playfeed.`;
  const multiplayer = game.game_modes.includes(2);
  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    name: game.name,
    description,
    url: pageUrl,
    genre: game.category,
    gamePlatform: "Web browser",
    applicationCategory: "Game",
    operatingSystem: "Any",
    playMode: multiplayer ? ["SinglePlayer", "MultiPlayer"] : "SinglePlayer",
    publisher: { "@type": "Organization", name: game.publisher.name },
    offers: { "@type": "Offer", price: 0, priceCurrency: "USD" },
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(videoUrl
      ? {
          trailer: {
            "@type": "VideoObject",
            name: `${game.name} trailer`,
            contentUrl: videoUrl,
            thumbnailUrl: imageUrl ?? undefined,
            description,
          },
        }
      : {}),
    ...(ratingCount && ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: game.avgRating,
            ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const tags: MetaDescriptor[] = [
    { title: pageTitle(game.name) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: pageUrl },
    { property: "og:site_name", content: "Playfeed" },
    { property: "og:type", content: "video.other" },
    { property: "og:title", content: game.name },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    { name: "twitter:title", content: game.name },
    { name: "twitter:description", content: description },
  ];
  // The game's card (made at build time from its art, name and category); a game outside the catalogue has its poster.
  const alt = `${game.name}: ${game.category} game, free to play on Playfeed`;
  if (cardUrl) tags.push(...cardMeta({ image: cardUrl, alt }));
  else if (imageUrl)
    tags.push(...cardMeta({ image: imageUrl, alt, size: null }));
  else tags.push({ name: "twitter:card", content: "summary" });
  if (videoUrl) tags.push({ property: "og:video", content: videoUrl });
  tags.push({ "script:ld+json": jsonLd });
  return tags;
};

const RatePopup = lazyDialog("Rate This Game", () =>
  import("~/components/game/RatePopup").then((module) => module.RatePopup),
);
const SharePopup = lazyDialog("Share", () =>
  import("~/components/game/SharePopup").then((module) => module.SharePopup),
);
const ChallengePopup = lazyDialog("Challenge a friend", () =>
  import("~/components/game/ChallengePopup").then(
    (module) => module.ChallengePopup,
  ),
);

type Popup = "rate" | "share" | "challenge" | null;

/** /detail/:id: everything about one game and the ways to play it (SPEC.md §2 order). */
export default function GameDetail() {
  const {
    game,
    origin,
    challengeId,
    challenge,
    pageUrl,
    ratingCount,
    houseGame,
    board,
  } = useLoaderData<typeof loader>();
  const viewer = useViewer();
  const { openLogin } = useAccount();
  const [popup, setPopup] = useState<Popup>(null);

  useEffect(() => track("view_game_details", { game: game._id }), [game._id]);

  /** SPEC.md §5: like, share, rate, save and challenge need a player; a visitor gets the login popup. */
  const needsLogin = (open: () => void) => () =>
    viewer ? open() : openLogin();

  const share = needsLogin(() => {
    if (typeof navigator.share === "function") {
      navigator
        .share({
          title: game.name,
          text: `Play ${game.name} on Playfeed`,
          url: pageUrl,
        })
        .catch(() => undefined);
    } else {
      setPopup("share");
    }
  });

  return (
    <div className="page detail">
      <BackLink to={origin.path} title={origin.label} />
      <DetailHero
        game={game}
        ratingCount={ratingCount}
        actions={{
          onRate: needsLogin(() => setPopup("rate")),
          onShare: share,
          onChallenge: needsLogin(() => setPopup("challenge")),
        }}
      />
      <div className="detail__columns detail__columns--full">
        <div className="detail__main">
          <RateOnPage game={game} hidden={popup === "rate"} />
          <AboutGame game={game} />
          <ReportGameLink gameId={game._id} />
          <DetailChallenge
            challengeId={challengeId}
            challenge={challenge}
            viewerId={viewer?._id ?? null}
          />
        </div>
        <AdSlot
          slot={DETAIL_AD_SLOT}
          variant="box"
          className="detail__ad"
          houseGame={houseGame ?? undefined}
          onScreenGameIds={[game._id]}
        />
        <div className="detail__board">
          <Leaderboard
            gameId={game._id}
            leaderboardType={game.leaderboard_type}
            viewer={viewer}
            initial={board}
          />
        </div>
      </div>

      {popup === "rate" ? (
        <RatePopup
          gameId={game._id}
          gameName={game.name}
          current={game.my_rating}
          onClose={() => setPopup(null)}
          onRated={() => setPopup(null)}
        />
      ) : null}
      {popup === "share" ? (
        <SharePopup
          name={game.name}
          url={pageUrl}
          onClose={() => setPopup(null)}
        />
      ) : null}
      {popup === "challenge" ? (
        <ChallengePopup
          gameId={game._id}
          gameName={game.name}
          onClose={() => setPopup(null)}
        />
      ) : null}
    </div>
  );
}
