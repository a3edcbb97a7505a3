import { describe, expect, it } from "vitest";
import brickBreakerMeta from "../brick-breaker/meta.json";
import bubblePopMeta from "../bubble-pop/meta.json";
import colorFloodMeta from "../color-flood/meta.json";
import dashRunnerMeta from "../dash-runner/meta.json";
import fruitCatchMeta from "../fruit-catch/meta.json";
import memoryMatchMeta from "../memory-match/meta.json";
import mergeTilesMeta from "../merge-tiles/meta.json";
import moleMashMeta from "../mole-mash/meta.json";
import skyHopperMeta from "../sky-hopper/meta.json";
import snakeMeta from "../snake/meta.json";
import starDodgerMeta from "../star-dodger/meta.json";
import towerStackMeta from "../tower-stack/meta.json";
import { MAX_LOG_CHARS } from "../../contract/runs";
import { CAPS as brickBreakerCaps } from "../brick-breaker/sim";
import { CAPS as bubblePopCaps } from "../bubble-pop/sim";
import { CAPS as colorFloodCaps } from "../color-flood/sim";
import { CAPS as dashRunnerCaps } from "../dash-runner/sim";
import { CAPS as fruitCatchCaps } from "../fruit-catch/sim";
import { type Table, newTable, playTurn } from "../memory-match/deal";
import { CAPS as memoryMatchCaps } from "../memory-match/sim";
import { CAPS as mergeTilesCaps } from "../merge-tiles/sim";
import { CAPS as moleMashCaps } from "../mole-mash/sim";
import { registry } from "../registry";
import { CAPS as skyHopperCaps } from "../sky-hopper/sim";
import { CAPS as snakeCaps } from "../snake/sim";
import { CAPS as starDodgerCaps } from "../star-dodger/sim";
import { CAPS as towerStackCaps } from "../tower-stack/sim";
import { recordedDealer } from "./dealer";
import {
  floodLog,
  type HiddenDeal,
  HOSTILE_PLANS,
  hostileLog,
} from "./hostile-logs";
import { encodeLog, type InputLog } from "./input-log";
import { inhumanInput } from "./log-limits";
import { replay, startReplay } from "./round";
import type { Dealer, Simulation } from "./sim";

const games: Record<string, { caps: Record<string, number>; seconds: number }> =
  {
    "brick-breaker": {
      caps: brickBreakerCaps,
      seconds: brickBreakerMeta.maximum_game_time,
    },
    "bubble-pop": {
      caps: bubblePopCaps,
      seconds: bubblePopMeta.maximum_game_time,
    },
    "color-flood": {
      caps: colorFloodCaps,
      seconds: colorFloodMeta.maximum_game_time,
    },
    "dash-runner": {
      caps: dashRunnerCaps,
      seconds: dashRunnerMeta.maximum_game_time,
    },
    "fruit-catch": {
      caps: fruitCatchCaps,
      seconds: fruitCatchMeta.maximum_game_time,
    },
    "memory-match": {
      caps: memoryMatchCaps,
      seconds: memoryMatchMeta.maximum_game_time,
    },
    "merge-tiles": {
      caps: mergeTilesCaps,
      seconds: mergeTilesMeta.maximum_game_time,
    },
    "mole-mash": {
      caps: moleMashCaps,
      seconds: moleMashMeta.maximum_game_time,
    },
    "sky-hopper": {
      caps: skyHopperCaps,
      seconds: skyHopperMeta.maximum_game_time,
    },
    snake: { caps: snakeCaps, seconds: snakeMeta.maximum_game_time },
    "star-dodger": {
      caps: starDodgerCaps,
      seconds: starDodgerMeta.maximum_game_time,
    },
    "tower-stack": {
      caps: towerStackCaps,
      seconds: towerStackMeta.maximum_game_time,
    },
  };

/** The lists the drawing reads (or the simulation itself holds, for games without a view). */
function lists(sim: Simulation): [string, unknown[]][] {
  const state = ("view" in sim ? sim.view : sim) as Record<string, unknown>;
  return Object.entries(state).filter((entry): entry is [string, unknown[]] =>
    Array.isArray(entry[1]),
  );
}

/** Replays the log step by step; the longest each list got, by name. */
function longestLists(
  slug: string,
  seed: number,
  log: InputLog,
  deal?: Dealer,
) {
  const run = startReplay(registry[slug], seed, log, undefined, deal);
  const longest: Record<string, number> = {};
  while (!run.round.sim.over && run.step())
    for (const [name, list] of lists(run.round.sim))
      longest[name] = Math.max(longest[name] ?? 0, list.length);
  return longest;
}

function expectWithinCaps(
  longest: Record<string, number>,
  caps: Record<string, number>,
) {
  for (const [name, length] of Object.entries(longest)) {
    expect(caps[name], `${name} has a cap`).toBeDefined();
    expect(length, name).toBeLessThanOrEqual(caps[name]);
  }
}

/** The server's table after each of `turns`: throws at a turn the CardDealer would have refused. */
function playedTurns(hidden: HiddenDeal): Table {
  let table = newTable();
  for (const [level, card] of hidden.turns) {
    const answer = playTurn(table, hidden.seed, level, card);
    if ("problem" in answer) throw new Error(answer.problem);
    table = answer.table;
  }
  return table;
}

describe("bounded work per step, whatever the inputs", () => {
  it("has a hostile plan and caps for every game", () => {
    expect(Object.keys(HOSTILE_PLANS).sort()).toEqual(
      Object.keys(games).sort(),
    );
    expect(Object.keys(registry).sort()).toEqual(Object.keys(games).sort());
  });

  for (const [slug, { caps, seconds }] of Object.entries(games)) {
    describe(slug, () => {
      const rules = registry[slug];
      // A game that hides information is dealt from a hidden seed and replayed with the turns it made, as the Worker's.
      const hidden: HiddenDeal | undefined = rules.dealer && {
        seed: 1122334455,
        turns: [],
      };
      const recorded = () =>
        hidden &&
        recordedDealer(
          rules.dealer!(hidden.seed),
          hidden.turns,
          () => new Error("A turn the server did not deal"),
        );

      it("keeps every list within its cap through the maximal log a person could send", () => {
        const seed = 20261128;
        const log = hostileLog(rules, seed, seconds * 60, undefined, hidden);
        expect(inhumanInput(log)).toBeNull();
        // Maximal: as long as the log a round may send, or every step as full as log-limits allows.
        const chars = encodeLog(log).length;
        expect(chars).toBeLessThanOrEqual(MAX_LOG_CHARS);
        if (HOSTILE_PLANS[slug].fills.length && log.steps === seconds * 60)
          expect(chars).toBeGreaterThan(MAX_LOG_CHARS * 0.8);
        const dealer = recorded();
        expect(() => replay(rules, seed, log, undefined, dealer)).not.toThrow();
        expect(() => dealer?.finish()).not.toThrow();
        if (hidden) expect(() => playedTurns(hidden)).not.toThrow();
        expectWithinCaps(longestLists(slug, seed, log, recorded()), caps);
      });

      it("keeps every list within its cap after 16,000 inputs on one step, which log-limits would refuse", () => {
        const log = floodLog(rules, 90, 16_000);
        expect(inhumanInput(log)).not.toBeNull();
        const deal = hidden && rules.dealer!(hidden.seed);
        expectWithinCaps(longestLists(slug, 20261128, log, deal), caps);
      });
    });
  }
});
