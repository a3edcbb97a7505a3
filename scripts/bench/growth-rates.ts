// The platform `npm run bench:growth` simulates: what a day of P daily players writes, per player and per round.
// Each rate is printed with the figures and is the one ADR 025 states.

export const RATES = {
  roundsPerPlayer: 5,
  /** Of the day's players, new accounts; the rest return. */
  newPlayerShare: 0.05,
  /** Rounds that end with a score (the rest are left before the end: a session without a score). */
  scoredShare: 0.9,
  /** Scored rounds that score above 0: only those keep their run and enter the day's and week's boards. */
  positiveShare: 0.95,
  /** Rounds of a match: half against another player (one result a room), half against a bot replaying a run. */
  multiplayerShare: 0.3,
  /** Rounds played by visitors without an account, per daily player (none claimed: a claim is a round like the rest). */
  visitorRoundsPerPlayer: 0.5,
  /** Players who claim the day's bonus (a ledger row). */
  bonusShare: 0.6,
  /** Challenges sent a day per player; accepted ones settle, the rest expire and refund. */
  challengesPerPlayer: 0.02,
  challengeAcceptShare: 0.7,
  followsPerNewPlayer: 3,
  followsPerReturningPlayer: 0.05,
  /** Returning players who sign in again on a device (a new session row; sessions last 30 days). */
  newSessionShare: 1 / 30,
  /** A game's own events go to D1 in any case (ADR 043): start_game_play each round, an ad break every other round. */
  adBreaksPerRound: 0.5,
  /**
   * Detail pages a player opens a day: view_game_details, a product event. With no ANALYTICS binding (wrangler.toml
   * has none) product events are rows of D1's events table too, and so they are here.
   */
  detailViewsPerPlayer: 2,
} as const;

export type Rates = typeof RATES;

/** The rates, one per line, for the report. */
export function describeRates(rates: Rates = RATES): string[] {
  return [
    `${rates.roundsPerPlayer} rounds a player a day, ${pct(rates.scoredShare)} scored, ${pct(rates.positiveShare)} of those above 0 (their runs kept)`,
    `${pct(rates.newPlayerShare)} of the day's players are new accounts; the rest return`,
    `${pct(rates.multiplayerShare)} of rounds in a match (half against a player, half against a bot)`,
    `${rates.visitorRoundsPerPlayer} visitor rounds per daily player`,
    `${pct(rates.bonusShare)} claim the daily bonus; ${rates.challengesPerPlayer} challenges a player a day, ${pct(rates.challengeAcceptShare)} accepted`,
    `${rates.followsPerNewPlayer} follows per new player, ${rates.followsPerReturningPlayer} a day per returning one; ${pct(rates.newSessionShare)} of returning players sign in anew`,
    `events in D1: start_game_play a round, ${rates.adBreaksPerRound} ad breaks a round (game events); ${rates.detailViewsPerPlayer} detail views a player and sign-up events (product events: in D1 while no ANALYTICS is bound)`,
  ];
}

const pct = (share: number) =>
  `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`;
