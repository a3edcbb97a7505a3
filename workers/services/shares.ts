import { FAIR_PLAY_MESSAGES } from "#contract/fair-play";
import { and, desc, eq, isNotNull, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  SHARE_ID_LENGTH,
  ShareScoreSchema,
  shareCardPath,
  sharePath,
  type ScoreShare,
  type SharedScore,
} from "#contract/shares";
import type { Db } from "../db/client";
import {
  categories,
  games,
  matchResults,
  playerMoves,
  scoreShares,
  scores,
  users,
} from "../db/schema";
import { loadCardFont } from "../cards/card-font";
import { gameArt, type StaticFiles } from "../cards/art";
import { drawableName, scoreCardSvg } from "../cards/template";
import { ApiError, forbidden, notFound } from "./errors";
import { parseInput } from "./parse";
import type { CardPainters } from "./ports";
import type { RateLimiter } from "./rate-limits";
import { hasRunLog } from "./run-logs";

const notShareable = (message: string) =>
  new ApiError(422, "not_shareable", message);

const ID_ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A share's public id: random letters and digits (rejection sampling keeps every letter equally likely). */
function newShareId(): string {
  let id = "";
  while (id.length < SHARE_ID_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 248 && id.length < SHARE_ID_LENGTH)
        id += ID_ALPHABET[byte % 62];
    }
  }
  return id;
}

/** Where a share's card is kept once drawn. */
export const shareCardKey = (id: string) => `cards/scores/${id}.png`;

export interface ShareDeps {
  limits: RateLimiter;
  painters: CardPainters;
  /** The public files of the build (the games' icons and promo posters). */
  files: StaticFiles;
  media: R2Bucket;
  mediaBase: string;
}

const opponent = alias(users, "opponent");

/** The share of this result if there is one. */
async function existing(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({ id: scoreShares.id })
    .from(scoreShares)
    .where(where)
    .limit(1);
  return row?.id ?? null;
}

/** The caller's round or side of a match, as a share would keep it, or why it cannot be shared. */
async function resultOf(
  db: Db,
  callerId: number,
  input: { score_id?: number; match_id?: number },
) {
  if (input.score_id !== undefined) {
    const [row] = await db
      .select({
        userId: scores.userId,
        gameId: scores.gameId,
        score: scores.score,
        review: scores.review,
        replayed: hasRunLog(playerMoves),
      })
      .from(scores)
      .leftJoin(playerMoves, eq(playerMoves.statsId, scores.statsId))
      .where(eq(scores.id, input.score_id))
      .limit(1);
    if (!row) throw notFound("Score not found");
    if (row.userId !== callerId)
      throw forbidden("Only the player who scored it can share this score");
    if (row.review === "held" || row.review === "removed")
      throw notShareable(FAIR_PLAY_MESSAGES.heldShare);
    // A public card carries a score the server checked: our games' rounds are replayed; a game on another site's are not.
    if (!row.replayed)
      throw notShareable(
        "Only scores the server verified by replaying the round can be shared",
      );
    return {
      gameId: row.gameId,
      score: row.score,
      scoreId: input.score_id,
      matchId: null,
      where: eq(scoreShares.scoreId, input.score_id),
    };
  }
  const matchId = input.match_id!;
  const [row] = await db
    .select()
    .from(matchResults)
    .where(eq(matchResults.id, matchId))
    .limit(1);
  if (!row) throw notFound("Match not found");
  const side =
    row.playerOneId === callerId
      ? row.playerOneScore
      : row.playerTwoId === callerId
        ? row.playerTwoScore
        : null;
  if (side === null)
    throw forbidden("Only a player of this match can share it");
  return {
    gameId: row.gameId,
    score: side,
    scoreId: null,
    matchId,
    where: and(
      eq(scoreShares.matchId, matchId),
      eq(scoreShares.userId, callerId),
    ),
  };
}

const answer = (id: string, origin: string, created: boolean): ScoreShare => ({
  id,
  url: new URL(sharePath(id), origin).href,
  card_url: new URL(shareCardPath(id), origin).href,
  created,
});

async function view(db: Db, id: string): Promise<SharedScore> {
  const [row] = await db
    .select({
      share: scoreShares,
      game: {
        id: games.id,
        name: games.name,
        icon: games.icon,
        poster: games.poster,
        leaderboardType: games.leaderboardType,
      },
      category: categories.name,
      profileImg: users.profileImg,
      match: matchResults,
      opponentName: opponent.name,
    })
    .from(scoreShares)
    .innerJoin(games, eq(scoreShares.gameId, games.id))
    .innerJoin(categories, eq(games.categoryId, categories.id))
    .innerJoin(users, eq(scoreShares.userId, users.id))
    .leftJoin(matchResults, eq(scoreShares.matchId, matchResults.id))
    .leftJoin(
      opponent,
      or(
        and(
          eq(matchResults.playerOneId, scoreShares.userId),
          eq(opponent.id, matchResults.playerTwoId),
        ),
        and(
          isNotNull(matchResults.playerTwoId),
          eq(matchResults.playerTwoId, scoreShares.userId),
          eq(opponent.id, matchResults.playerOneId),
        ),
      ),
    )
    .where(eq(scoreShares.id, id))
    .limit(1);
  if (!row) throw notFound("This shared score does not exist");
  const { share, match } = row;
  let versus: SharedScore["match"] = null;
  if (match) {
    const first = match.playerOneId === share.userId;
    const other = first ? match.playerTwoScore : match.playerOneScore;
    const bot = first && match.playerTwoId === null;
    versus = {
      opponent: bot ? (match.botName ?? "Bot") : (row.opponentName ?? "Player"),
      opponent_is_bot: bot,
      opponent_score: other,
      outcome:
        share.score > other ? "win" : share.score < other ? "lose" : "draw",
    };
  }
  return {
    id: share.id,
    game: {
      _id: row.game.id,
      name: row.game.name,
      category: row.category,
      icon: row.game.icon,
      poster: row.game.poster,
      leaderboard_type: row.game.leaderboardType,
    },
    player: { name: share.playerName, profile_img: row.profileImg },
    score: share.score,
    match: versus,
    created_dt: share.createdAt.toISOString(),
  };
}

/** Draws the share's card (ADR 017): the SVG here, the pixels in a CardPainter. */
async function paint(
  deps: ShareDeps,
  shared: SharedScore,
): Promise<Uint8Array<ArrayBuffer>> {
  const font = (await loadCardFont()).metrics;
  const art = await gameArt(
    shared.game,
    deps.files,
    deps.media,
    deps.mediaBase,
  );
  const levels = shared.game.leaderboard_type === 2;
  const svg = scoreCardSvg(
    { name: shared.game.name, category: shared.game.category, ...art },
    {
      player: drawableName(shared.player.name, font),
      score: shared.score,
      levels,
      caption:
        shared.match?.outcome === "win"
          ? "won the match with"
          : levels
            ? "reached"
            : "scored",
    },
    font,
  );
  return deps.painters.paint(svg);
}

export function createShareService(db: Db, deps: ShareDeps) {
  return {
    /**
     * Makes the caller's verified round (`score_id`) or their side of a match (`match_id`) public at /scores/{id}.
     * Only that player may; a result shared before answers its existing share, so the link never changes. Only new
     * shares count against the caller's limit.
     */
    async create(
      caller: { id: number; name: string },
      body: unknown,
      origin: string,
    ): Promise<ScoreShare> {
      const input = parseInput(ShareScoreSchema, body);
      const result = await resultOf(db, caller.id, input);
      const before = await existing(db, result.where);
      if (before) return answer(before, origin, false);
      await deps.limits.hit("sharePerUser", caller.id);
      await db
        .insert(scoreShares)
        .values({
          id: newShareId(),
          userId: caller.id,
          gameId: result.gameId,
          scoreId: result.scoreId,
          matchId: result.matchId,
          score: result.score,
          playerName: caller.name,
        })
        // Two requests at once for the same result: the unique index keeps one, and both answer it.
        .onConflictDoNothing();
      const id = await existing(db, result.where);
      if (!id) throw new Error("A share was written but cannot be read back");
      return answer(id, origin, true);
    },

    /** /scores/{id}: the shared result, or a 404. */
    view: (id: string) => view(db, id),

    /**
     * The id of the player's latest round of the game if it can be shared (replayed by the server), for the result
     * screen's Share my score after a reload; null otherwise.
     */
    async latestShareableRound(
      userId: number,
      gameId: number,
    ): Promise<number | null> {
      const [row] = await db
        .select({
          id: scores.id,
          review: scores.review,
          replayed: hasRunLog(playerMoves),
        })
        .from(scores)
        .leftJoin(playerMoves, eq(playerMoves.statsId, scores.statsId))
        .where(and(eq(scores.userId, userId), eq(scores.gameId, gameId)))
        .orderBy(desc(scores.createdAt), desc(scores.id))
        .limit(1);
      const checked = row?.review !== "held" && row?.review !== "removed";
      return row?.replayed && checked ? row.id : null;
    },

    /**
     * The card of /scores/{id} as PNG bytes: kept in R2 once drawn, drawn on its first request (a crawler's, usually
     * right after the link is posted). A 404 when the share is gone, whatever R2 still holds.
     */
    async card(id: string): Promise<Uint8Array<ArrayBuffer>> {
      const shared = await view(db, id);
      const kept = await deps.media.get(shareCardKey(id));
      if (kept) return new Uint8Array(await kept.arrayBuffer());
      const png = await paint(deps, shared);
      await deps.media.put(shareCardKey(id), png, {
        httpMetadata: { contentType: "image/png" },
      });
      return png;
    },
  };
}
