import { describe, expect, it } from "vitest";
import { decodeLog, encodeLog } from "../shared/input-log";
import { replay, startRound } from "../shared/round";
import { type Turn, recordedDealer } from "../shared/dealer";
import type { Dealer } from "../shared/sim";
import { type Table, deckOf, newTable, playTurn, seedDealer } from "./deal";
import { rules } from "./sim";

const PUBLIC = 20261123;
const HIDDEN = 987654321;

/** The seed dealer, noting every turn it answered, as the server's record does. */
function noting(dealer: Dealer, turns: Turn[]): Dealer {
  return {
    reveal(level, card) {
      const face = dealer.reveal(level, card);
      if (face !== null) turns.push([level, card]);
      return face;
    },
  };
}

/** A dealer whose every answer takes `delay` asks to arrive, like a face on its way over the network. */
function slow(dealer: Dealer, delay: number): Dealer & { asks: number } {
  let waiting: { level: number; card: number; left: number } | null = null;
  const slowDealer = {
    asks: 0,
    reveal(level: number, card: number) {
      slowDealer.asks++;
      if (!waiting || waiting.level !== level || waiting.card !== card)
        waiting = { level, card, left: delay };
      if (waiting.left-- > 0) return null;
      waiting = null;
      return dealer.reveal(level, card);
    },
  };
  return slowDealer;
}

function demoRound(deal: Dealer, maxSteps = 60 * 90) {
  const round = startRound(rules, PUBLIC, undefined, deal);
  while (!round.sim.over && round.steps < maxSteps)
    round.step({ autoplay: true });
  return round;
}

describe("Memory Match's hidden faces", () => {
  it("keeps no face in the round until a card is turned, and the public seed says nothing of the deck", () => {
    const round = startRound(rules, PUBLIC, undefined, {
      reveal: () => null,
    });
    for (let i = 0; i < 200; i++) round.step();
    expect(round.sim.view.phase).toBe("play");
    expect(round.sim.view.cards.every((card) => card.symbol === -1)).toBe(true);
    expect(round.sim.view.cards.every((card) => card.flip === 0)).toBe(true);
    // Same public seed, two hidden seeds: two decks.
    expect(deckOf(HIDDEN, 3)).not.toEqual(deckOf(HIDDEN + 1, 3));
    expect([...deckOf(HIDDEN, 7)].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 36 }, (_, i) => i >> 1),
    );
  });

  it("plays a round whose every turn the server's table allows, with the faces it deals", () => {
    const turns: Turn[] = [];
    const round = demoRound(noting(seedDealer(HIDDEN), turns));
    expect(round.sim.level).toBeGreaterThan(2);
    let table: Table = newTable();
    for (const [level, card] of turns) {
      const answer = playTurn(table, HIDDEN, level, card);
      if ("problem" in answer) throw new Error(answer.problem);
      expect(answer.face).toBe(seedDealer(HIDDEN).reveal(level, card));
      table = answer.table;
    }
    expect(table.level).toBe(round.sim.level);
  });

  it("holds the round while a face is on its way, so the log replays to the same round as an instant deal", () => {
    const turns: Turn[] = [];
    const network = slow(noting(seedDealer(HIDDEN), turns), 9);
    const held = demoRound(network);
    const instant = demoRound(seedDealer(HIDDEN));
    expect(network.asks).toBeGreaterThan(turns.length * 9);
    const log = decodeLog(encodeLog(held.log()));
    expect(log).toEqual(instant.log());
    const result = replay(
      rules,
      PUBLIC,
      log,
      undefined,
      recordedDealer(seedDealer(HIDDEN), turns, () => new Error("refused")),
    );
    expect(result.level).toBe(held.sim.level);
    expect(result.points).toBe(held.sim.score);
    expect(result.steps).toBe(held.steps);
  });

  it("replays a person's taps, some made while a face was on its way, to the round they played", () => {
    const turns: Turn[] = [];
    const network = slow(noting(seedDealer(HIDDEN), turns), 20);
    const round = startRound(rules, PUBLIC, undefined, network);
    // Taps on every card of level 1 in turn, one every 10 ticks: faster than the faces arrive.
    const centres = round.sim.view.cards.map((card) => [
      card.x + round.sim.view.cw / 2,
      card.y + round.sim.view.ch / 2,
    ]);
    for (let tick = 0; tick < 1200; tick++) {
      if (tick > 60 && tick % 10 === 0) {
        const [x, y] = centres[(tick / 10) % centres.length];
        round.input.pointerDown(x, y);
      }
      round.step();
    }
    // A round ends on a step's boundary (the runtime ends it after a step), never while it holds.
    while (round.sim.view.waitingFor >= 0) round.step();
    expect(round.steps).toBeLessThan(1200);
    expect(turns.length).toBeGreaterThan(4);
    const dealer = recordedDealer(seedDealer(HIDDEN), turns, () => {
      throw new Error("refused");
    });
    const result = replay(rules, PUBLIC, round.log(), undefined, dealer);
    dealer.finish();
    expect(result.steps).toBe(round.steps);
    expect(result.points).toBe(round.sim.score);
    expect(result.level).toBe(round.sim.level);
  });

  it("refuses a replay that turns other cards than the server revealed, or fewer of them", () => {
    const turns: Turn[] = [];
    const round = demoRound(noting(seedDealer(HIDDEN), turns));
    const log = round.log();
    const replayWith = (recorded: Turn[]) => {
      const dealer = recordedDealer(
        seedDealer(HIDDEN),
        recorded,
        () => new Error("no"),
      );
      replay(rules, PUBLIC, log, undefined, dealer);
      dealer.finish();
    };
    expect(() => replayWith(turns)).not.toThrow();
    // One face asked for and never turned, at the end: the face on its way when the round ended.
    expect(() => replayWith([...turns, [round.sim.level!, 0]])).not.toThrow();
    expect(() => replayWith([...turns, [9, 0], [9, 1]])).toThrow("no");
    const swapped = [...turns];
    [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
    expect(() => replayWith(swapped)).toThrow("no");
    expect(() => replayWith(turns.slice(0, -2))).toThrow("no");
    // The faces of another hidden seed make another round.
    expect(() => {
      const other = replay(
        rules,
        PUBLIC,
        log,
        undefined,
        seedDealer(HIDDEN + 1),
      );
      if (other.points !== round.sim.score) throw new Error("no");
    }).toThrow();
  });

  it("lets the server turn only cards the rules allow now", () => {
    const deck = deckOf(HIDDEN, 1);
    const twin = (card: number) =>
      deck.findIndex((face, i) => i !== card && face === deck[card]);
    const other = deck.findIndex((face) => face !== deck[0]);
    const problem = (table: Table, level: number, card: number) => {
      const answer = playTurn(table, HIDDEN, level, card);
      return "problem" in answer ? answer.problem : null;
    };
    const turn = (table: Table, card: number) => {
      const answer = playTurn(table, HIDDEN, table.level, card);
      if ("problem" in answer) throw new Error(answer.problem);
      return answer.table;
    };
    const start = newTable();
    expect(problem(start, 2, 0)).toBe("The round is on level 1, not 2");
    expect(problem(start, 1, 6)).toBe(
      "There is no such card on this level's board",
    );
    const one = turn(start, 0);
    expect(problem(one, 1, 0)).toBe("That card is already face up");
    const missed = turn(one, other);
    expect(missed.open).toEqual([0, other]);
    // A card of a pair that did not match may be turned again once it is down.
    const again = turn(missed, 0);
    const paired = turn(again, twin(0));
    expect(paired.matched).toEqual([0, twin(0)]);
    expect(problem(paired, 1, twin(0))).toBe("That card is already matched");
    let table = paired;
    for (let card = 0; card < 6; card++) {
      if (table.matched.includes(card) || table.level > 1) continue;
      table = turn(turn(table, card), twin(card));
    }
    expect(table).toEqual({ level: 2, matched: [], open: [] });
  });
});
