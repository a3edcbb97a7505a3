import {
  and,
  desc,
  eq,
  gt,
  inArray,
  ne,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { BotResultSchema } from "#contract/multiplayer";
import { EXTERNAL_GAME_TYPE } from "#contract/runs";
import type { BotData } from "#contract/protocol";
import type { MatchPlayer, MatchSummary } from "#contract/types";
import type { Db } from "../db/client";
import {
  follows,
  games,
  gameStats,
  matchResults,
  playerMoves,
  scores,
  users,
} from "../db/schema";
import { ApiError, forbidden, notFound } from "./errors";
import { isPrivateRun } from "./run-privacy";
import { hasRunLog, readRunMoves, type RunLogStore } from "./run-logs";
import { parseInput } from "./parse";

/** Bots replay one of the most recent runs of a game, picked at random, so a few old runs are not replayed forever. */
const BOT_CANDIDATES = 50;

const refused = (message: string) =>
  new ApiError(422, "match_refused", message);

export interface BotRun {
  id: number;
  gameId: number;
  userId: number;
  /** The run's score: where its timeline ends. */
  score: number;
  name: string;
  profileImg: string | null;
}

/** The match_results row of a round against a bot: the bot's score is the last move of the run it replayed. */
export const botResultRow = (
  session: { id: number; gameId: number; score: number },
  callerId: number,
  run: BotRun,
) => ({
  gameId: session.gameId,
  statsId: session.id,
  playerOneId: callerId,
  playerOneScore: session.score,
  playerTwoScore: run.score,
  botRunId: run.id,
  botName: run.name,
  botProfilePic: run.profileImg,
});

/** SPEC.md §2 /summary/{gameResultId}. */
async function matchSummary(db: Db, id: number): Promise<MatchSummary> {
  const one = alias(users, "player_one");
  const two = alias(users, "player_two");
  const [row] = await db
    .select({
      result: matchResults,
      game: {
        id: games.id,
        name: games.name,
        icon: games.icon,
        leaderboardType: games.leaderboardType,
      },
      one: { name: one.name, profileImg: one.profileImg },
      two: { name: two.name, profileImg: two.profileImg },
    })
    .from(matchResults)
    .innerJoin(games, eq(matchResults.gameId, games.id))
    .innerJoin(one, eq(matchResults.playerOneId, one.id))
    .leftJoin(two, eq(matchResults.playerTwoId, two.id))
    .where(eq(matchResults.id, id))
    .limit(1);
  if (!row) throw notFound("Match not found");
  const { result } = row;
  // The runs kept for this match, to watch: each player's session of the room, or of the bot round, and the ghost's.
  const which = [
    result.statsId !== null
      ? eq(playerMoves.statsId, result.statsId)
      : undefined,
    result.botRunId !== null ? eq(playerMoves.id, result.botRunId) : undefined,
    result.roomId !== null ? eq(gameStats.roomId, result.roomId) : undefined,
  ].filter((condition) => condition !== undefined);
  const runs = which.length
    ? await db
        .select({
          id: playerMoves.id,
          publicId: playerMoves.publicId,
          userId: playerMoves.userId,
          private: isPrivateRun(playerMoves.statsId),
        })
        .from(playerMoves)
        .innerJoin(gameStats, eq(gameStats.id, playerMoves.statsId))
        .where(and(hasRunLog(playerMoves), or(...which)))
    : [];
  const runOf = (userId: number | null) =>
    runs.find((run) => run.userId === userId && run.id !== result.botRunId)
      ?.publicId ?? null;
  // The ghost's run is someone else's: linked only when it is not private to its own players.
  const ghostRun = runs.find((run) => run.id === result.botRunId);
  const second: MatchPlayer = result.playerTwoId
    ? {
        _id: result.playerTwoId,
        name: row.two?.name ?? "Player",
        profile_pic: row.two?.profileImg ?? null,
        score: result.playerTwoScore,
        is_bot: false,
        run_id: runOf(result.playerTwoId),
      }
    : {
        _id: null,
        name: result.botName ?? "Bot",
        profile_pic: result.botProfilePic,
        score: result.playerTwoScore,
        is_bot: true,
        run_id: ghostRun && !ghostRun.private ? ghostRun.publicId : null,
      };
  return {
    _id: result.id,
    game: {
      _id: row.game.id,
      name: row.game.name,
      icon: row.game.icon,
      leaderboard_type: row.game.leaderboardType,
    },
    players: [
      {
        _id: result.playerOneId,
        name: row.one.name,
        profile_pic: row.one.profileImg,
        score: result.playerOneScore,
        is_bot: false,
        run_id: runOf(result.playerOneId),
      },
      second,
    ],
    status: result.status,
    left_user_id: result.leftUserId,
    created_dt: result.createdAt.toISOString(),
  };
}

/** SPEC.md §7 GET /player-move/{id}: a real recorded run of another player, or no moves when there is none. */
async function botFor(
  db: Db,
  runLogs: RunLogStore,
  gameId: number,
  callerId: number,
): Promise<BotData | { _id: null; name: null; profile_pic: null; moves: [] }> {
  const candidates = await db
    .select({
      id: playerMoves.id,
      name: users.name,
      profileImg: users.profileImg,
      moves: playerMoves.moves,
      publicId: playerMoves.publicId,
      logBytes: playerMoves.logBytes,
    })
    .from(playerMoves)
    .innerJoin(users, eq(playerMoves.userId, users.id))
    .innerJoin(games, eq(games.id, playerMoves.gameId))
    .where(
      and(
        eq(playerMoves.gameId, gameId),
        ne(playerMoves.userId, callerId),
        gt(playerMoves.score, 0),
        // A challenge's or private match's run is only its players' to watch (ADR 033), so no one's ghost.
        sql`not ${isPrivateRun(playerMoves.statsId)}`,
        // A run held for a fair-play review, or removed after one, is no one's ghost (ADR 032).
        notExists(
          db
            .select({ one: sql`1` })
            .from(scores)
            .where(
              and(
                eq(scores.statsId, playerMoves.statsId),
                inArray(scores.review, ["held", "removed"]),
              ),
            ),
        ),
        // A true ghost: our own games' bots are runs the server replayed, so their timeline is what happened.
        or(hasRunLog(playerMoves), eq(games.type, EXTERNAL_GAME_TYPE)),
      ),
    )
    .orderBy(desc(playerMoves.createdAt))
    .limit(BOT_CANDIDATES);
  const pick = candidates[Math.floor(Math.random() * candidates.length)];
  const moves = pick ? await readRunMoves(runLogs, pick) : [];
  if (!pick || moves.length === 0)
    return { _id: null, name: null, profile_pic: null, moves: [] };
  return {
    _id: pick.id,
    name: pick.name,
    profile_pic: pick.profileImg,
    moves,
  };
}

/** The recorded run a player's round against a bot replayed: another player's run of the same game. */
async function botRun(
  db: Db,
  botId: number,
  gameId: number,
  callerId: number,
): Promise<BotRun> {
  const [run] = await db
    .select({
      id: playerMoves.id,
      gameId: playerMoves.gameId,
      userId: playerMoves.userId,
      score: playerMoves.score,
      name: users.name,
      profileImg: users.profileImg,
    })
    .from(playerMoves)
    .innerJoin(users, eq(playerMoves.userId, users.id))
    .where(eq(playerMoves.id, botId))
    .limit(1);
  if (!run || run.gameId !== gameId || run.userId === callerId)
    throw refused("That bot did not play this game");
  return run;
}

export function createMultiplayerService(db: Db, runLogs: RunLogStore) {
  const service = {
    botRun: (botId: number, gameId: number, callerId: number) =>
      botRun(db, botId, gameId, callerId),

    /** The player's name and picture as the room shows them. */
    async participantOf(userId: number) {
      const [user] = await db
        .select({
          id: users.id,
          name: users.name,
          profileImg: users.profileImg,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw notFound("User not found");
      return {
        user_id: user.id,
        user_name: user.name,
        profile_pic: user.profileImg,
      };
    },

    /** A game that can be played against someone, or a 404/422 a client can act on. */
    async assertMultiplayerGame(gameId: number) {
      const [game] = await db
        .select({ id: games.id, modes: games.gameModes })
        .from(games)
        .where(and(eq(games.id, gameId), eq(games.isPublished, true)))
        .limit(1);
      if (!game) throw notFound("Game not found");
      if ((game.modes & 2) !== 2)
        throw refused("This game has no multiplayer mode");
    },

    botFor: (gameId: number, callerId: number) =>
      botFor(db, runLogs, gameId, callerId),

    /** The score the server accepted for a play session of this player and game, or null. */
    async sessionScore(
      statsId: number,
      userId: number,
      gameId: number,
      roomId: string,
    ): Promise<number | null> {
      const [session] = await db
        .select({ score: gameStats.score })
        .from(gameStats)
        .where(
          and(
            eq(gameStats.id, statsId),
            eq(gameStats.userId, userId),
            eq(gameStats.gameId, gameId),
            eq(gameStats.roomId, roomId),
          ),
        )
        .limit(1);
      return session?.score ?? null;
    },

    /** The best the player's sessions of this match scored (a leaver's submitted round), or null for none. */
    async roomScore(
      roomId: string,
      userId: number,
      gameId: number,
    ): Promise<number | null> {
      const [row] = await db
        .select({ score: sql<number | null>`max(${gameStats.score})` })
        .from(gameStats)
        .where(
          and(
            eq(gameStats.roomId, roomId),
            eq(gameStats.userId, userId),
            eq(gameStats.gameId, gameId),
          ),
        );
      return row?.score ?? null;
    },

    /** Written once per room by its MatchRoom; a repeat returns the first result's id. */
    async saveRoomResult(input: {
      roomId: string;
      gameId: number;
      players: Array<{ userId: number; score: number }>;
      status: number;
      leftUserId: number | null;
    }): Promise<number> {
      const [one, two] = input.players;
      await db
        .insert(matchResults)
        .values({
          gameId: input.gameId,
          roomId: input.roomId,
          playerOneId: one.userId,
          playerOneScore: one.score,
          playerTwoId: two?.userId ?? null,
          playerTwoScore: two?.score ?? 0,
          status: input.status,
          leftUserId: input.leftUserId,
        })
        .onConflictDoNothing({ target: matchResults.roomId });
      const [row] = await db
        .select({ id: matchResults.id })
        .from(matchResults)
        .where(eq(matchResults.roomId, input.roomId))
        .limit(1);
      return row.id;
    },

    /**
     * The result of a round against a bot: the player's score is what the server accepted for the session, the
     * bot's is the last move of the run it replayed (SPEC.md §4 Outcome). Once per session.
     */
    async recordBotResult(
      callerId: number,
      body: unknown,
    ): Promise<{ _id: number }> {
      const input = parseInput(BotResultSchema, body);
      const [session] = await db
        .select()
        .from(gameStats)
        .where(eq(gameStats.id, input.stats_id))
        .limit(1);
      if (!session || session.userId !== callerId)
        throw forbidden("This play session belongs to another player");
      if (session.score === null)
        throw refused("Submit the round's score first");
      const run = await botRun(db, input.bot_id, session.gameId, callerId);
      await db
        .insert(matchResults)
        .values(
          botResultRow({ ...session, score: session.score }, callerId, run),
        )
        .onConflictDoNothing({ target: matchResults.statsId });
      const [row] = await db
        .select({ id: matchResults.id })
        .from(matchResults)
        .where(eq(matchResults.statsId, session.id))
        .limit(1);
      return { _id: row.id };
    },

    summary: (id: number) => matchSummary(db, id),

    /** Who sees this user's presence: the people who follow them. */
    async followerIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: follows.followerId })
        .from(follows)
        .where(eq(follows.followeeId, userId));
      return rows.map((row) => row.id);
    },
  };
  return service;
}

export type MultiplayerService = ReturnType<typeof createMultiplayerService>;
