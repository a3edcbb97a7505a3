import { eq, inArray, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { loginAttempts, rateLimits } from "../db/schema";
import { ApiError, tooManyRequests } from "./errors";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Failed log-ins: 5 for one email or from one address within 15 minutes lock both out (accounts.ts, counted exactly). */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * MINUTE;

/** The most a user's stored uploads may weigh together; pictures are at most 2 MB each (uploads.ts). */
export const STORAGE_QUOTA_BYTES = 20 * 1024 * 1024;

export interface RateLimit {
  limit: number;
  windowMs: number;
  /** The 429's message before "Please try again in …". */
  tooMany: string;
  /** Waiting does not help (a new play session does): the 429 says `tooMany` alone, with no `Retry-After`. */
  final?: true;
}

/**
 * The HTTP rate limits (ADR 004): numbers a person never reaches by hand but a script does at once. Chat messages and
 * typing notes are limited inside the UserHub instead, per socket.
 */
export const RATE_LIMITS = {
  // Several people behind one address (a school, an office) may sign up together; a script makes hundreds.
  signUpPerAddress: {
    limit: 10,
    windowMs: HOUR,
    tooMany: "Too many accounts were created from this network.",
  },
  googleLogInPerAddress: {
    limit: 30,
    windowMs: HOUR,
    tooMany: "Too many Google sign-ins from this network.",
  },
  followPerUser: { limit: 60, windowMs: MINUTE, tooMany: "Too many follows." },
  searchPerUser: { limit: 30, windowMs: MINUTE, tooMany: "Too many searches." },
  uploadUrlPerUser: {
    limit: 10,
    windowMs: MINUTE,
    tooMany: "Too many uploads.",
  },
  uploadUrlPerUserDaily: {
    limit: 50,
    windowMs: DAY,
    tooMany: "You have uploaded as many pictures as one day allows.",
  },
  // The PUT to a one-time address: a refused file (wrong type, too big) leaves the address usable, so retries are capped.
  uploadPutPerAddress: {
    limit: 30,
    windowMs: MINUTE,
    tooMany: "Too many uploads.",
  },
  // A forgotten password (ADR 044): each request may send a mail, so one network and one address are held to a few;
  // counted before the account is looked up, so the limit says nothing about whether it exists.
  passwordResetPerAddress: {
    limit: 10,
    windowMs: HOUR,
    tooMany: "Too many password reset requests from this network.",
  },
  passwordResetPerEmail: {
    limit: 3,
    windowMs: HOUR,
    tooMany: "We have already sent several links to that address.",
  },
  // "Send the link again" on the profile: each is a mail to the player's own address.
  verifyMailPerUser: {
    limit: 5,
    windowMs: HOUR,
    tooMany: "We have already sent you several links.",
  },
  reportPerUser: { limit: 10, windowMs: HOUR, tooMany: "Too many reports." },
  // A moderator works through the queue by hand; a stolen moderator session scripted to mute or suspend everyone is not.
  moderationActionPerUser: {
    limit: 60,
    windowMs: MINUTE,
    tooMany: "Too many moderation actions.",
  },
  // "Download my data" reads every table of the account and its conversations: a person needs it now and then.
  dataExportPerUser: {
    limit: 5,
    windowMs: HOUR,
    tooMany: "You have downloaded your data 5 times this hour.",
  },
  // The delete form checks a password: without a cap it would be a way to guess a signed-in account's password.
  accountDeletePerUser: {
    limit: 10,
    windowMs: HOUR,
    tooMany: "Too many tries to delete your account.",
  },
  // Analytics, and the events a game's developers count: a page sends a few a minute, a script would fill D1.
  eventsPerAddress: {
    limit: 300,
    windowMs: MINUTE,
    tooMany: "Too many events.",
  },
  // An invitation to a publisher is a row waiting for an address; a studio invites a few people, a script thousands.
  developerInvitePerUser: {
    limit: 20,
    windowMs: DAY,
    tooMany: "You have sent as many invitations as one day allows.",
  },
  challengePerUser: {
    limit: 20,
    windowMs: HOUR,
    tooMany: "Too many challenges.",
  },
  // A private match invitation or a rematch offer: each one can reach a friend's screen.
  matchInvitePerUser: {
    limit: 30,
    windowMs: HOUR,
    tooMany: "Too many match invitations.",
  },
  // Each new share is a public page and a card drawn once; sharing a result again costs nothing and is not counted.
  sharePerUser: {
    limit: 30,
    windowMs: HOUR,
    tooMany: "Too many shared scores.",
  },
  // A visitor's round is a row and a seed; a classroom on one address plays a few a minute each.
  visitorRoundPerAddress: {
    limit: 120,
    windowMs: MINUTE,
    tooMany: "Too many games started from this network.",
  },
  // What one network may keep of visitors' rounds in a day (ADR 030): an honest log is 0.2–15 KB, so a classroom's
  // rounds fit; a flood of 64 KB logs stops after about 32, and a log is dropped two hours after it was kept.
  visitorRoundKeptPerAddress: {
    limit: 300,
    windowMs: DAY,
    tooMany: "Too many visitors' rounds were kept from this network today.",
  },
  visitorLogBytesPerAddress: {
    limit: 2 * 1024 * 1024,
    windowMs: DAY,
    tooMany: "Too many visitors' rounds were kept from this network today.",
  },
  // Playing (ADR 015): each round is replayed, so these count every submission and claim, refused or not, before
  // its replay. A round lasts 20 s or more, so a person sends a few a minute; a classroom shares one address.
  sessionStartPerUser: {
    limit: 30,
    windowMs: MINUTE,
    tooMany: "Too many games started in a minute.",
  },
  scoreSubmitPerUser: {
    limit: 12,
    windowMs: MINUTE,
    tooMany: "Too many scores in a minute.",
  },
  scoreSubmitPerAddress: {
    limit: 120,
    windowMs: MINUTE,
    tooMany: "Too many scores from this network in a minute.",
  },
  // A session's round is replayed at most this often, whatever the answers; a session lasts minutes, so a day's
  // window only lets a session that spans midnight UTC have twice as many.
  replaysPerSession: {
    limit: 3,
    windowMs: DAY,
    tooMany:
      "This round has already been checked 3 times; start a new game to submit a score.",
    final: true,
  },
  // Kept runs' input logs (player_moves.input_log), per player and day: a run past it still scores, unkept.
  keptRunBytesPerUser: {
    limit: 2 * 1024 * 1024,
    windowMs: DAY,
    tooMany: "You have kept as many runs as one day allows.",
  },
  // A card's face in Memory Match (ADR 014, "Hidden information"): a person turns a few cards a second at most, and
  // each refused turn still costs a database read and a call to the session's CardDealer.
  revealPerUser: {
    limit: 300,
    windowMs: MINUTE,
    tooMany: "Too many cards turned.",
  },
  // A visitor's reveals, per network (a classroom of visitors on one address plays at once).
  revealPerAddress: {
    limit: 1200,
    windowMs: MINUTE,
    tooMany: "Too many cards turned from this network.",
  },
  // A game's data (ADR 031): the play page writes at most once a second, and a player has one game open at a time.
  gameDataWritePerUser: {
    limit: 120,
    windowMs: MINUTE,
    tooMany: "Too many saves of game data.",
  },
  // A device subscribes to Web Push once and again when its browser renews the subscription (ADR 029).
  pushSubscribePerUser: {
    limit: 20,
    windowMs: HOUR,
    tooMany: "Too many push subscriptions.",
  },
  pushUnsubscribePerAddress: {
    limit: 30,
    windowMs: HOUR,
    tooMany: "Too many push subscriptions.",
  },
  // Each request mails two addresses (the new one's link, the old one's notice): a person changes theirs rarely.
  emailChangePerUser: {
    limit: 5,
    windowMs: DAY,
    tooMany: "You have asked to change your e-mail address too often today.",
  },
  // The settings forms check the current password: a stolen session must not become a way to guess it.
  settingsPasswordPerUser: {
    limit: 10,
    windowMs: HOUR,
    tooMany: "Too many attempts with your current password.",
  },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const plural = (amount: number, unit: string) =>
  `${amount} ${unit}${amount === 1 ? "" : "s"}`;

/** "45 seconds", "1 minute", "7 hours": how long to wait, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), "minute");
  return plural(Math.ceil(seconds / 3600), "hour");
}

/** The caller's address as Cloudflare reports it; `wrangler dev` sets it too, and the fallback only covers tests. */
export function clientAddress(request: Request): string {
  return (request.headers.get("CF-Connecting-IP") ?? "local").slice(0, 64);
}

/**
 * The network an address belongs to, for limits on what one network may keep: an IPv4 address itself, an IPv6
 * address's /64, which is what one home or office is given (so one network cannot pose as 2^64 addresses).
 */
export function addressBlock(address: string): string {
  if (!address.includes(":")) return address;
  const [head, tail = ""] = address.toLowerCase().split("::", 2);
  const groups = head ? head.split(":") : [];
  if (address.includes("::")) {
    const rest = tail ? tail.split(":") : [];
    while (groups.length + rest.length < 8) groups.push("0");
    groups.push(...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** One count a request makes: `amount` units (1 a request, or a log's bytes) of `subject` against the limit `name`. */
export interface Hit {
  name: RateLimitName;
  subject: string | number;
  amount?: number;
}

/** The write a batch runs after its counts; its result is handed back in order. */
type Write = BatchItem<"sqlite">;

/** D1's answer when a count would pass its ceiling: the trigger's message (migration 0026). */
const isCeilingAbort = (error: unknown) =>
  error instanceof Error &&
  /rate_limit_ceiling/.test(
    `${error.message} ${(error.cause as Error | undefined)?.message ?? ""}`,
  );

/**
 * Fixed-window counters in D1, one row per limit and subject. Each count is an upsert that carries its limit as the
 * row's ceiling; a trigger aborts any count that would pass it, and with it the whole batch (ADR 025, "The one
 * writer"). So a request counts all its limits and makes the write they guard in one transaction on D1's primary,
 * and a refused request has counted nothing and written nothing. D1 runs writes one at a time, so concurrent
 * requests can never pass more than `limit` in a window.
 */
export function createRateLimiter(db: Db) {
  const windowOf = (name: RateLimitName, now: number) => {
    const { windowMs } = RATE_LIMITS[name];
    return new Date((Math.floor(now / windowMs) + 1) * windowMs);
  };
  const keyOf = ({ name, subject }: Hit) => `${name}:${subject}`;

  function count(hit: Hit, now: number) {
    const amount = hit.amount ?? 1;
    return db
      .insert(rateLimits)
      .values({
        key: keyOf(hit),
        windowEndsAt: windowOf(hit.name, now),
        count: amount,
        ceiling: RATE_LIMITS[hit.name].limit,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowEndsAt} = excluded.window_ends_at then ${rateLimits.count} + ${amount} else ${amount} end`,
          windowEndsAt: sql`excluded.window_ends_at`,
          ceiling: sql`excluded.ceiling`,
        },
      });
  }

  /** The 429 for a refused batch: the limit with the longest wait among those now full, since sooner another would refuse. */
  async function refusal(hits: Hit[], now: number): Promise<ApiError> {
    const rows = await db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, hits.map(keyOf)));
    const full = hits.filter((hit) => {
      const row = rows.find((r) => r.key === keyOf(hit));
      const windowEndsAt = windowOf(hit.name, now);
      const counted =
        row && row.windowEndsAt.getTime() === windowEndsAt.getTime()
          ? row.count
          : 0;
      return counted + (hit.amount ?? 1) > RATE_LIMITS[hit.name].limit;
    });
    const candidates = full.length > 0 ? full : hits;
    const worst = candidates.reduce((a, b) =>
      windowOf(b.name, now) > windowOf(a.name, now) ? b : a,
    );
    const rule: RateLimit = RATE_LIMITS[worst.name];
    if (rule.final) return new ApiError(429, "rate_limited", rule.tooMany);
    const seconds = (windowOf(worst.name, now).getTime() - now) / 1000;
    return tooManyRequests(
      `${rule.tooMany} Please try again in ${waitText(seconds)}.`,
      seconds,
    );
  }

  /**
   * Counts every hit and then runs `writes`, all in one batch: either all of it commits or, when a count would pass
   * its limit, none of it, and a 429 says how long to wait. Returns the writes' results.
   */
  async function countAndWrite(
    hits: Hit[],
    writes: Write[],
    now = Date.now(),
  ): Promise<unknown[]> {
    const [first, ...rest] = [...hits.map((hit) => count(hit, now)), ...writes];
    if (!first) return [];
    try {
      const results = await db.batch([first, ...rest]);
      return results.slice(hits.length) as unknown[];
    } catch (error) {
      if (hits.length > 0 && isCeilingAbort(error))
        throw await refusal(hits, now);
      throw error;
    }
  }

  return {
    /**
     * Counts one request of `subject` (or `amount` units of it) against each named limit, or throws a 429 saying how
     * long to wait.
     */
    async hit(
      names: RateLimitName | RateLimitName[],
      subject: string | number,
      now = Date.now(),
      amount = 1,
    ): Promise<void> {
      const [first, ...rest] = (Array.isArray(names) ? names : [names]).map(
        (name) => ({ name, subject, amount }),
      );
      await countAndWrite([first, ...rest], [], now);
    },

    /** Counts hits of different subjects at once (a player and their network), all or none. */
    async hitAll(hits: [Hit, ...Hit[]], now = Date.now()): Promise<void> {
      await countAndWrite(hits, [], now);
    },

    countAndWrite,

    /**
     * For a count that decides rather than refuses (a run kept or not): whether `hit` still fits its window, read
     * without writing, and the upsert that counts it, for the batch that acts on the answer. Counts racing past the
     * check can overshoot by what one player's concurrent rounds add, which the per-minute score limit bounds.
     */
    async fits(hit: Hit, now = Date.now()) {
      const amount = hit.amount ?? 1;
      const windowEndsAt = windowOf(hit.name, now);
      const [row] = await db
        .select({
          count: rateLimits.count,
          windowEndsAt: rateLimits.windowEndsAt,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, keyOf(hit)))
        .limit(1);
      const counted =
        row && row.windowEndsAt.getTime() === windowEndsAt.getTime()
          ? row.count
          : 0;
      return counted + amount <= RATE_LIMITS[hit.name].limit;
    },

    /** The upsert that counts a deciding hit (see `fits`): no ceiling, so it never aborts the batch it joins. */
    tally(hit: Hit, now = Date.now()) {
      const amount = hit.amount ?? 1;
      return db
        .insert(rateLimits)
        .values({
          key: keyOf(hit),
          windowEndsAt: windowOf(hit.name, now),
          count: amount,
        })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowEndsAt} = excluded.window_ends_at then ${rateLimits.count} + ${amount} else ${amount} end`,
            windowEndsAt: sql`excluded.window_ends_at`,
            ceiling: sql`null`,
          },
        });
    },

    /** Drops counters whose window has passed and log-in attempts too old to count (the hourly cron). */
    async sweep(now = Date.now()): Promise<void> {
      await db.batch([
        db
          .delete(rateLimits)
          .where(lte(rateLimits.windowEndsAt, new Date(now))),
        db
          .delete(loginAttempts)
          .where(
            lte(
              loginAttempts.createdAt,
              new Date(now - FAILED_LOGIN_WINDOW_MS),
            ),
          ),
      ]);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
