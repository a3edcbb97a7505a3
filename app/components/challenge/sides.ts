import { COIN_MESSAGES, type ChallengeView } from "#contract/coins";

/** The two sides of a challenge as one player sees them. */
export function sidesOf(challenge: ChallengeView, viewerId: number) {
  const viewerIsChallenger = challenge.from === viewerId;
  const other = viewerIsChallenger
    ? challenge.challenge_to[0]
    : challenge.challenger[0];
  const own = viewerIsChallenger ? challenge.score : challenge.acceptor_score;
  const theirs = viewerIsChallenger
    ? challenge.acceptor_score
    : challenge.score;
  const outcome =
    challenge.status !== "settled"
      ? null
      : challenge.winner === null
        ? "tie"
        : challenge.winner === viewerId
          ? "won"
          : "lost";
  return { other, own, theirs, outcome } as const;
}

/** What a settled challenge means for the player, in SPEC.md §4's words. */
export function outcomeText(
  outcome: "won" | "lost" | "tie",
  bet: number,
): string {
  if (outcome === "won") return COIN_MESSAGES.won(bet);
  if (outcome === "lost") return COIN_MESSAGES.lost;
  return "It's a tie: both bets are back in the wallets.";
}
