/**
 * Fair play (ADR 032): a replayed round far outside its game's model of how people play is kept, but held from the
 * boards, tournaments and challenges until a moderator has looked at it.
 */

/** A held round's review: waiting, let onto the boards, or taken off them for good. */
export const ROUND_REVIEWS = ["held", "released", "removed"] as const;
export type RoundReview = (typeof ROUND_REVIEWS)[number];

export const FAIR_PLAY_MESSAGES = {
  held: "This round is held for a fair-play review. It goes on the leaderboard, in tournaments and in challenges once a moderator has checked it.",
  heldShort: "Held for review",
  removed:
    "This round was removed from the leaderboards after a fair-play review.",
  heldChallenge:
    "Your latest round is held for a fair-play review: it can be the score of a challenge once a moderator has checked it",
  heldShare:
    "This round is held for a fair-play review: it can be shared once a moderator has checked it",
  notHeld: "This round is not waiting for a review",
} as const;
