// The part of `coins.ts` that needs no zod: what a page can import without pulling the schemas (issue #36).

/**
 * Coins, the daily bonus and challenges: the numbers and messages of SPEC.md §4, §5, §8 and §9, and the shapes the
 * wallet, challenge and notification API answer with. Shared by the server (workers/services) and the pages.
 */

/** SPEC.md §9: bets move in steps of 5 coins. */
export const COIN_STEP = 5;
/** SPEC.md §9: the daily bonus popup shows six day cards. */
const DAILY_BONUS_CARDS = 6;
/** Responsible play: the most coins one player can put into challenges in a (UTC) day. */
export const DAILY_CHALLENGE_LIMIT = 5_000;
/** A challenge nobody accepts within this time expires and its escrow is returned. */
export const CHALLENGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest challenge message, in characters. */
export const CHALLENGE_MESSAGE_MAX = 200;
/** Largest single bet. */
export const MAX_BET = 100_000;

/** SPEC.md §4 daily bonus status: pending (0, initial), collected (1), closed (2). */
export const BONUS_PENDING = 0;
export const BONUS_COLLECTED = 1;
export const BONUS_CLOSED = 2;
export type DailyBonusStatus =
  typeof BONUS_PENDING | typeof BONUS_COLLECTED | typeof BONUS_CLOSED;

/** Every text SPEC.md gives for coins and challenges, exactly as written there. */
export const COIN_MESSAGES = {
  addCoins: "Please add coins",
  enterMessage: "Please enter message",
  insufficientTitle: "Insufficient Coins",
  insufficient: "You do not have enough coins. Please update your wallet",
  notEnoughTitle: "Not enough coins?",
  notEnough:
    "You do not have enough coins to play the game. Please update your wallet",
  noChallenges: "You have no challenges",
  lost: "You lost the game.",
  won: (coins: number) =>
    `Congratulations! You won the challenge. you earned the bet amount ${coins} coins.`,
  challenged: "Challenged",
  dailyLimit: (limit: number) =>
    `You have reached today's limit of ${limit} coins in challenges. You can challenge again tomorrow.`,
} as const;

/** SPEC.md §9: the coins a claim credits on login_day: 50 × login_day + 50, and 1000 above day 7. */
export function bonusCredit(loginDay: number): number {
  if (loginDay < 0) return 0;
  return loginDay > 7 ? 1000 : 50 * loginDay + 50;
}

type BonusCardState = "collected" | "collect" | "locked";
export interface BonusCard {
  /** 1-based day the card stands for. */
  day: number;
  coins: number;
  state: BonusCardState;
}

/**
 * SPEC.md §4: six cards, card n showing 50 × n coins; Collected below login_day, Collect at it, Locked above.
 * On a streak past the sixth day the last card is today's, with what a claim credits.
 */
export function bonusCards(loginDay: number): BonusCard[] {
  const cards: BonusCard[] = [];
  for (let index = 0; index < DAILY_BONUS_CARDS; index++) {
    const state: BonusCardState =
      index < loginDay
        ? "collected"
        : index === loginDay
          ? "collect"
          : "locked";
    cards.push({ day: index + 1, coins: 50 * (index + 1), state });
  }
  if (loginDay >= DAILY_BONUS_CARDS) {
    cards[DAILY_BONUS_CARDS - 1] = {
      day: loginDay + 1,
      coins: bonusCredit(loginDay),
      state: "collect",
    };
  }
  return cards;
}

/** The UTC calendar day of a moment, as YYYY-MM-DD: bonus days and the challenge limit turn over at 00:00 UTC. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The first millisecond of a UTC day. */
export function utcDayStart(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a player stands with the daily bonus today, from the card of their last claim and its day:
 * claimed today → that card, collected; claimed yesterday → the next card, pending; otherwise the streak starts
 * again at the first card.
 */
export function dailyBonusOf(
  lastClaim: { loginDay: number; on: string | null },
  now: number,
): { login_day: number; daily_bonus_status: DailyBonusStatus } {
  const today = utcDay(now);
  if (lastClaim.on === today && lastClaim.loginDay >= 0) {
    return {
      login_day: lastClaim.loginDay,
      daily_bonus_status: BONUS_COLLECTED,
    };
  }
  const yesterday = utcDay(now - DAY_MS);
  const loginDay =
    lastClaim.on === yesterday && lastClaim.loginDay >= 0
      ? lastClaim.loginDay + 1
      : 0;
  return { login_day: loginDay, daily_bonus_status: BONUS_PENDING };
}

/** Bets go up and down in steps of 5 and never below 0 (SPEC.md §5). */
export function stepBet(bet: number, direction: 1 | -1): number {
  const snapped = Math.round(bet / COIN_STEP) * COIN_STEP;
  return Math.max(0, snapped + direction * COIN_STEP);
}

/**
 * SPEC.md §5 challenge dialog: the first problem with a bet and message, or null when they can be sent.
 * `insufficient` means the Insufficient Coins popup, not a line under a field.
 */
export function challengeFormProblem(input: {
  bet: number;
  message: string;
  wallet: number;
  limitLeft: number;
}): { field: "bet" | "message"; message: string } | { field: "wallet" } | null {
  if (!(input.bet > 0))
    return { field: "bet", message: COIN_MESSAGES.addCoins };
  if (!input.message.trim())
    return { field: "message", message: COIN_MESSAGES.enterMessage };
  if (input.wallet < input.bet) return { field: "wallet" };
  if (input.bet > input.limitLeft)
    return {
      field: "bet",
      message: COIN_MESSAGES.dailyLimit(DAILY_CHALLENGE_LIMIT),
    };
  return null;
}

export const CHALLENGE_STATUSES = [
  "pending",
  "accepted",
  "settled",
  "expired",
  "declined",
] as const;
type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

export interface ChallengePlayer {
  _id: number;
  name: string;
  profile_img: string | null;
}

/** SPEC.md §3 Challenge as the API answers it. */
export interface ChallengeView {
  _id: number;
  game: number;
  from: number;
  to: number;
  bet_amount: number;
  message: string;
  /** The challenger's score. */
  score: number;
  status: ChallengeStatus;
  /** The acceptor's score once submitted. */
  acceptor_score: number | null;
  /** The winner once settled; null on a tie. */
  winner: number | null;
  created_dt: string;
  expires_dt: string;
  challenger: ChallengePlayer[];
  challenge_to: ChallengePlayer[];
  game_info: Array<{
    _id: number;
    name: string;
    icon: string;
    leaderboard_type: number;
  }>;
}

/** What POST /api/challenge/accept/{id} answers: the accepted challenge and the caller's wallet after the stake. */
export interface ChallengeAccepted {
  challenge: ChallengeView;
  wallet: number;
}

/** What POST /api/challenge/submit answers: the settled challenge and how it went for the caller. */
export interface ChallengeOutcome {
  challenge: ChallengeView;
  outcome: "won" | "lost" | "tie";
  /** Coins the caller gained on top of their returned stake (the other player's stake) when they won. */
  won_coins: number;
  wallet: number;
}

/** Why coins moved, as each wallet ledger row records it. */
export const LEDGER_REASONS = [
  "opening_balance",
  "daily_bonus",
  "challenge_stake",
  "challenge_payout",
  "challenge_refund",
  "tournament_prize",
  // Rows older than ADR 047's window, folded into one row of their sum: the balance is unchanged.
  "carried_forward",
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** The caller's wallet: balance, recent movements and what is left of today's challenge limit. */
export interface WalletView {
  wallet: number;
  login_day: number;
  daily_bonus_status: DailyBonusStatus;
  challenge_limit: { limit: number; used: number; left: number };
  entries: Array<{
    _id: number;
    amount: number;
    reason: LedgerReason;
    reference: string;
    created_dt: string;
  }>;
}

export const NOTIFICATION_TYPES = [
  "challenge",
  "challenge_accepted",
  "challenge_result",
  "challenge_expired",
  "challenge_declined",
  "tournament_prize",
  /** Issue #34: a moderator acted on a report: the reporter hears the outcome, the reported player what and why. */
  "moderation",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** SPEC.md §3 Notification, as stored and as pushed live (`new_challenge` carries a challenge one). */
export interface NotificationView {
  _id: number;
  type: NotificationType;
  content: string;
  user: number;
  notification_data: {
    /** Every challenge notification's challenge; a tournament prize has none. */
    challengeId?: number;
    gameId: number;
    gameName?: string;
    fromName?: string;
    betAmount?: number;
    /** A tournament prize: the board, the place and the coins. */
    period?: "daily" | "weekly";
    periodStart?: string;
    place?: number;
    prize?: number;
  };
  read: boolean;
  created_dt: string;
}
