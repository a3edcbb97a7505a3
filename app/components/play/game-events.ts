import { GAME_EVENTS_PER_PAGE, type GameEventName } from "#contract/events";
import { track } from "~/lib/analytics";
import type { GameMessage } from "~/lib/game-bridge";

/** How many of each game event this page load has sent (client navigations keep it). */
const sent: Record<Exclude<GameEventName, "start_game_play">, number> = {
  ad_break_requested: 0,
  game_error: 0,
};

function send(name: keyof typeof sent, data: Record<string, unknown>) {
  if (sent[name] >= GAME_EVENTS_PER_PAGE) return;
  sent[name] += 1;
  track(name, data);
}

/** A game's ad-break requests and uncaught errors, recorded for its developers' dashboard (issue #33). */
export function recordGameEvent(gameId: number, message: GameMessage) {
  switch (message.type) {
    case "commercial_break":
      send("ad_break_requested", { gameId, kind: "interstitial" });
      break;
    case "rewarded_break":
      send("ad_break_requested", { gameId, kind: "rewarded" });
      break;
    case "game_error": {
      const { message: text, file, line } = message;
      send("game_error", { gameId, message: text, file, line });
      break;
    }
    default:
      break;
  }
}
