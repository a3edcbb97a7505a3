import { adClientIdFrom } from "./ads";
import { createPushService, vapidKeysFrom } from "./services/push";
import { createDb, lazyDb, type Db } from "./db/client";
import { createAccountService } from "./services/accounts";
import { createAccountClosing } from "./services/account-closing";
import { createDataExport } from "./services/data-export";
import { createAccountSettings } from "./services/account-settings";
import { createBlogService } from "./services/blog";
import {
  createDeveloperService,
  type DeveloperService,
} from "./services/developers";
import { createDeveloperDesk } from "./services/developer-desk";
import { createDeveloperStatsService } from "./services/developer-stats";
import { createGameBundleService } from "./services/game-bundles";
import { createEventService } from "./services/events";
import { createAuthFlows } from "./services/auth-flows";
import {
  createChallengeService,
  type ChallengeService,
} from "./services/challenges";
import { createFairPlayService } from "./services/fair-play";
import { createGameDataService } from "./services/game-data";
import { createGameService, forgetCatalogue } from "./services/games";
import { createReviewService } from "./services/game-review";
import { createMultiplayerService } from "./services/multiplayer";
import { createFriendMatchService } from "./services/friend-matches";
import {
  createNotificationService,
  type NotificationService,
  type Pusher,
} from "./services/notifications";
import { createPlayService } from "./services/play";
import { type CardDealers, createCardFaceService } from "./services/card-faces";
import { createRateLimiter, type RateLimiter } from "./services/rate-limits";
import { createScoreService } from "./services/scores";
import { createRunLogService } from "./services/run-log-service";
import { createShareService } from "./services/shares";
import { createCardService } from "./services/cards";
import { googleConfigFrom } from "./services/google";
import { createSessionService, type SessionService } from "./services/sessions";
import { mailerFrom, type Mailer } from "./services/mail";
import { createAccountLinks } from "./services/account-links";
import { createModerationLog } from "./services/moderation-log";
import { createReportService } from "./services/reports";
import { createStaffService } from "./services/staff";
import { createModerationService } from "./services/moderation";
import { createSocialService } from "./services/social";
import { createTournamentService } from "./services/tournaments";
import { createRetentionService } from "./services/retention";
import { createDbSizeService } from "./services/db-size";
import { createUploadService } from "./services/uploads";
import { createVisitorRoundService } from "./services/visitor-rounds";
import type {
  CardPainters,
  Conversations,
  Lobbies,
  MatchRooms,
  Referees,
  UserHubs,
} from "./services/ports";
import { createWalletService } from "./services/wallet";
import {
  cardDealerOf,
  cardPainterOf,
  conversationOf,
  hubOf,
  refereeOf,
  roomOf,
} from "./durable-objects/hubs";
import { joinLobby, leaveLobby } from "./durable-objects/lobby-shards";
import { scoreRefused, withinRefereeTime } from "./services/replay";
import type { Verdict } from "./durable-objects/Referee";
import { forgetCachedPages } from "./page-cache";

/**
 * One set per request. `origin` is the request's, whose edge cache holds the public pages a write may change; the cron
 * and the Vite dev server have no such cache and leave it out. `session` is the request's D1 session
 * (workers/d1-session.ts); without one the services use the database directly.
 */
export function createServices(
  env: Env,
  origin?: string,
  session?: D1DatabaseSession,
) {
  const db = lazyDb(() => createDb(session ?? env.DB));
  const hubs = userHubsOf(env);
  const accounts = createAccountService(db, hubs);
  const limits = createRateLimiter(db);
  const social = createSocialService(db, hubs, conversationsOf(env), limits);
  const sessions = createSessionService(db, (userId, sessionKey) =>
    hubOf(env, userId).endSession(sessionKey),
  );
  const google = googleConfigFrom(env);
  const mailer = mailerFrom(env);
  const accountLinks = createAccountLinks(db, {
    mailer,
    sessions,
    limits,
    origin: env.APP_ORIGIN,
  });
  const developers = createDeveloperService(db);
  const games = createGameService(db, env.GAMES_ORIGIN);
  const notifications = createNotificationService(db, pushTo(env));
  const scores = createScoreService(db);
  const multiplayer = createMultiplayerService(db, env.MEDIA);
  const challenges = createChallengeService(db, notifications);
  const rooms = matchRoomsOf(env);
  const dealers = cardDealersOf(env);
  const files = staticFilesOf(env);
  const fairPlay = createFairPlayService(db, { challenges });
  const blog = createBlogService(
    db,
    async (paths) => {
      if (origin) await forgetCachedPages(paths.map((path) => origin + path));
    },
    async (path) => (await env.MEDIA.head(path)) !== null,
  );
  return {
    accounts,
    auth: createAuthFlows(accounts, sessions, google, limits, social, {
      accountLinks,
    }),
    limits,
    games,
    developers,
    developerDesk: createDeveloperDesk(db, developers, limits),
    bundles: createGameBundleService(env.MEDIA),
    developerStats: createDeveloperStatsService(db, developers),
    review: createReviewService(db, {
      developers,
      gamesOrigin: env.GAMES_ORIGIN,
      async catalogueChanged(game) {
        forgetCatalogue();
        const paths = ["/", "/home", "/home-page", `/detail/${game.id}`];
        paths.push(`/publisher/${game.publisherId}`);
        if (origin) await forgetCachedPages(paths.map((path) => origin + path));
      },
    }),
    gameData: createGameDataService(db, limits),
    scores,
    play: createPlayService(db, {
      challenges,
      scores,
      multiplayer,
      rooms,
      referees: refereesOf(env),
      limits,
      dealers,
      runLogs: env.MEDIA,
    }),
    cardFaces: createCardFaceService(db, dealers, limits),
    visitorRounds: createVisitorRoundService(db, {
      referees: refereesOf(env),
      dealers,
      limits,
      scores,
      runLogs: env.MEDIA,
    }),
    runLogs: createRunLogService(db, env.MEDIA),
    multiplayer,
    /** For the routes of matchmaking and a match's HTTP side, which talk to the objects themselves. */
    lobbies: lobbiesOf(env),
    rooms,
    fairPlay,
    tournaments: createTournamentService(db, pushTo(env)),
    retention: createRetentionService(db, env.MEDIA),
    dbSize: createDbSizeService(db),
    friendMatches: createFriendMatchService(db, {
      multiplayer,
      rooms,
      push: notifications.push,
      limits,
    }),
    social,
    wallet: createWalletService(db, notifications.push),
    notifications,
    challenges,
    events: createEventService(
      db,
      (env as Env & { ANALYTICS?: AnalyticsEngineDataset }).ANALYTICS,
    ),
    sessions,
    uploads: createUploadService(db, env.MEDIA),
    mailer,
    accountLinks,
    ...platformServices(env, db, {
      origin,
      limits,
      sessions,
      hubs,
      mailer,
      notifications,
      developers,
      challenges,
      fairPlay,
    }),
    blog,
    google,
    shares: createShareService(db, {
      limits,
      painters: cardPaintersOf(env),
      files,
      media: env.MEDIA,
      mediaBase: env.MEDIA_BASE_URL,
    }),
    push: createPushService(db, vapidKeysFrom(env)),
    cards: createCardService({
      files,
      media: env.MEDIA,
      mediaBase: env.MEDIA_BASE_URL,
      painters: cardPaintersOf(env),
      publishedPost: (id) => blog.getById(id),
      publishedGame: (id) => games.getPublishedGame(id),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Running the platform (issue #34): the audit log, reports, roles, the moderation queue, and the services a player's
 * own account uses to change or close it.
 */
function platformServices(
  env: Env,
  db: Db,
  deps: {
    origin: string | undefined;
    limits: RateLimiter;
    sessions: SessionService;
    hubs: UserHubs;
    mailer: Mailer;
    notifications: NotificationService;
    developers: DeveloperService;
    challenges: ChallengeService;
    fairPlay: ReturnType<typeof createFairPlayService>;
  },
) {
  const { origin, limits, sessions, hubs, mailer, notifications } = deps;
  const { developers, challenges, fairPlay } = deps;
  const moderationLog = createModerationLog(db);
  return {
    moderationLog,
    reports: createReportService(db, limits),
    staff: createStaffService(db, { fairPlay, moderationLog, notifications }),
    moderation: createModerationService({
      db,
      developers,
      moderationLog,
      notifications,
      sessions,
      hubs,
      conversations: conversationsOf(env),
      limits,
      media: env.MEDIA,
    }),
    accountClosing: createAccountClosing({
      db,
      media: env.MEDIA,
      sessions,
      hubs,
      challenges,
      limits,
      async pagesChanged(paths) {
        if (origin) await forgetCachedPages(paths.map((path) => origin + path));
      },
    }),
    dataExport: createDataExport({
      db,
      hubs,
      conversations: conversationsOf(env),
      limits,
    }),
    settings: createAccountSettings(db, {
      sessions,
      mailer,
      limits,
      origin: env.APP_ORIGIN,
    }),
  };
}

/** Live events for a user go through their UserHub; a user with no open tab simply gets nothing live. */
function pushTo(env: Env): Pusher {
  return async (userId, event) => {
    try {
      await hubOf(env, userId).push(event);
    } catch (error) {
      console.error("pushing to a hub failed", error);
    }
  };
}

function userHubsOf(env: Env): UserHubs {
  return {
    async chatChanged(a, b) {
      await Promise.all([
        hubOf(env, a).forgetChatPeers([b], a),
        hubOf(env, b).forgetChatPeers([a], b),
      ]);
    },
    async blocked(blockerId, blockedId) {
      const push = pushTo(env);
      await Promise.all([
        push(blockedId, { event: "blocked", data: { userId: blockerId } }),
        push(blockerId, { event: "blocked", data: { userId: blockedId } }),
      ]);
    },
    async nameChanged(userId) {
      await hubOf(env, userId).forgetChatPeers("all");
    },
    chatMuted: (userId, until, reason) =>
      hubOf(env, userId).chatMuted(until, reason),
    inbox: (userId) => hubOf(env, userId).inboxView(),
    unreadMessages: (userId) => hubOf(env, userId).unreadMessages(),
    async onlineAmong(ids) {
      const online = await Promise.all(
        ids.map((id) =>
          hubOf(env, id)
            .isOnline()
            .catch(() => false),
        ),
      );
      return new Set(ids.filter((_, index) => online[index]));
    },
  };
}

function matchRoomsOf(env: Env): MatchRooms {
  return {
    seedFor: (roomId, userId, gameId) =>
      roomOf(env, roomId).seedFor(userId, gameId),
    start: (match) => roomOf(env, match.roomId).start(match),
    viewFor: (roomId, userId) => roomOf(env, roomId).viewFor(userId),
  };
}

function lobbiesOf(env: Env): Lobbies {
  return {
    join: (gameId, joiner) => joinLobby(env, gameId, joiner),
    leave: (gameId, userId) => leaveLobby(env, gameId, userId),
  };
}

function refereesOf(env: Env): Referees {
  return {
    async verify(slug, seed, log, claimed, maxSteps, hidden) {
      const judged = async (): Promise<Verdict> =>
        refereeOf(env, slug).judge(slug, seed, log, claimed, maxSteps, hidden);
      const verdict = await withinRefereeTime(judged());
      if (!verdict.ok) throw scoreRefused(verdict.message);
      return verdict.round;
    },
  };
}

function cardDealersOf(env: Env): CardDealers {
  return {
    turn: (name, hiddenSeed, turn, level, card) =>
      cardDealerOf(env, name).turn(hiddenSeed, turn, level, card),
    turns: async (name) =>
      (await cardDealerOf(env, name).turns()).map(
        ({ level, card }) => [level, card] as const,
      ),
  };
}

function cardPaintersOf(env: Env): CardPainters {
  return {
    paint: (svg) => cardPainterOf(env).paint(svg),
    decodes: (picture) => cardPainterOf(env).decodes(picture),
  };
}

/** The client build's files, read through the static assets binding (the host of the address does not matter). */
function staticFilesOf(env: Env) {
  return async (path: string) => {
    const response = await env.ASSETS.fetch(
      new Request(new URL(path, "https://assets.invalid")),
    );
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return new Uint8Array(await response.arrayBuffer());
  };
}

function conversationsOf(env: Env): Conversations {
  return {
    history: (readerId, partnerId, before, limit) =>
      conversationOf(env, readerId, partnerId).history(
        readerId,
        partnerId,
        before,
        limit,
      ),
    messageFor: (readerId, partnerId, msgId) =>
      conversationOf(env, readerId, partnerId).messageFor(readerId, msgId),
    around: (readerId, partnerId, msgId, count) =>
      conversationOf(env, readerId, partnerId).around(readerId, msgId, count),
    removeMessage: (a, b, msgId) =>
      conversationOf(env, a, b).removeMessage(msgId),
  };
}

/** The part of the execution context loaders may use; Hono's and Vite's dev proxy's types both fit it. */
export type WaitUntilContext = Pick<
  ExecutionContext,
  "waitUntil" | "passThroughOnException"
>;

/**
 * `services` lets the Worker hand over the ones its middleware already made for this request; `cspNonce` is the script
 * nonce of this response's Content-Security-Policy (workers/security-headers.ts), absent under the Vite dev server.
 */
export function createLoadContext(
  env: Env,
  ctx: WaitUntilContext,
  services: Services = createServices(env),
  cspNonce?: string,
) {
  return {
    cloudflare: { env, ctx },
    services,
    mediaBase: env.MEDIA_BASE_URL,
    googleClientId: services.google.clientId,
    adClientId: adClientIdFrom(env),
    cspNonce,
  };
}

declare module "@remix-run/cloudflare" {
  // Loaders and actions reach the database only through these services (ARCHITECTURE.md).
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: WaitUntilContext };
    services: Services;
    mediaBase: string;
    googleClientId: string | null;
    /** Google's ad publisher id (AD_CLIENT_ID, workers/ads.ts); null: house ads only. */
    adClientId: string | null;
    cspNonce?: string;
  }
}
