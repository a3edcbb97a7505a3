import type { SiteCardName } from "#contract/cards";
import type { SiteCard } from "./template";

/** What the site's own cards say; their art is chosen by scripts/build-cards.ts. */
export const SITE_CARD_TEXT: Record<
  SiteCardName,
  Pick<SiteCard, "kicker" | "headline" | "lead" | "brand">
> = {
  home: {
    kicker: "Play free, no download",
    headline: ["Casual games,", "one tap away"],
    lead: "Swipe the feed, tap to play, challenge your friends and climb the leaderboards.",
  },
  blog: {
    kicker: "The blog",
    headline: ["News, tips and", "stories"],
    lead: "From the team behind Playfeed: how the games are made and how the best players play them.",
    brand: "Playfeed blog",
  },
  invite: {
    kicker: "You're invited",
    headline: ["Come play with", "your friends"],
    lead: "Sign up through your friend's link and you are friends straight away: chat, challenge and play together.",
  },
};
