import { useSearchParams } from "@remix-run/react";
import { useMultiplayer } from "~/components/MultiplayerProvider";
import { playTypeFrom, seedFrom } from "~/lib/play";
import type { Viewer } from "~/lib/viewer";
import { idOrNull } from "#contract/ids";
import { GAME_TYPE, botScoreAt, opponentOf } from "~/state/multiplayer";

type PlayMode = "single" | "match" | "bot";

/** Who the round on the play screen is against, read from its address and the match the waiting screen set up. */
export function useMatchMode(gameId: number, viewer: Viewer | null) {
  const [searchParams] = useSearchParams();
  const multiplayer = useMultiplayer();
  const { state: match } = multiplayer;
  // A match or a bot round is what the waiting screen set up for this address; a reload plays solo.
  const roomId = searchParams.get("room");
  const botId = searchParams.get("bot");
  const mode: PlayMode =
    viewer && roomId && match.roomId === roomId && match.gameId === gameId
      ? "match"
      : viewer && botId && match.bot && String(match.bot._id) === botId
        ? "bot"
        : "single";
  const gameType =
    mode === "match"
      ? GAME_TYPE.multiplayer
      : mode === "bot"
        ? GAME_TYPE.bot
        : GAME_TYPE.single;
  const opponent =
    mode === "match" && viewer
      ? {
          name:
            opponentOf(match.participants, viewer._id)?.user_name ?? "Opponent",
          left: match.status === "opponentLeft" && !match.selfLeft,
          recorded: false,
        }
      : mode === "bot" && match.bot
        ? { name: match.bot.name, left: false, recorded: true }
        : null;
  return {
    ...multiplayer,
    match,
    roomId,
    mode,
    gameType,
    opponent,
    // A reload or a reopened tab lost the match from memory: the room says whether to rejoin it or how it ended.
    needsRoom:
      !!viewer &&
      !!roomId &&
      !(match.roomId === roomId && match.gameId === gameId),
    /** The room counted this player as gone: the match went on without them. */
    selfLeft: mode === "match" && match.selfLeft,
    fixedSeed: seedFrom(searchParams),
    playType: playTypeFrom(searchParams.get("type")),
    challengeId: idOrNull(searchParams.get("challengeId")),
    /** The opponent's score so far: the room's word in a match, the recorded run's at this time against a bot. */
    opponentScoreAt: (elapsedMs: number) =>
      mode === "match"
        ? (match.opponent?.score ?? 0)
        : mode === "bot"
          ? botScoreAt(match.bot, elapsedMs)
          : 0,
  };
}

export type MatchMode = ReturnType<typeof useMatchMode>;
export type Opponent = MatchMode["opponent"];
