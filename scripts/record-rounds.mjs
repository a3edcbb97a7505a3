// Records one real round of every own game into tests/fixtures/rounds/<slug>.json: the game's demo
// player (its autoplay) plays from a fixed seed through the same round code as a person, and the
// round's input log, steps and score are written down. The worker tests replay these logs.
//
//   node scripts/record-rounds.mjs [slug ...]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadGames, root } from "./games-lib.mjs";

const only = process.argv.slice(2);
const { games, encodeLog, startRound } = await loadGames();
const target = path.join(root, "tests", "fixtures", "rounds");
mkdirSync(target, { recursive: true });

for (const { slug, rules, meta } of games) {
  if (only.length && !only.includes(slug)) continue;
  const seed = 20261123;
  const maxSteps = meta.maximum_game_time * 60;
  // A game that hides information (ADR 014) is dealt from a second seed; the cards it turned are what the server
  // would have recorded, in order.
  const hidden = rules.dealer ? { seed: 1122334455, turns: [] } : null;
  const faces = hidden && rules.dealer(hidden.seed);
  const deal = faces && {
    reveal(level, card) {
      hidden.turns.push([level, card]);
      return faces.reveal(level, card);
    },
  };
  const round = startRound(rules, seed, undefined, deal ?? undefined);
  while (!round.sim.over && round.steps < maxSteps)
    round.step({ autoplay: true });
  const log = encodeLog(round.log());
  const score = round.sim.level ?? round.sim.score;
  const fixture = { slug, seed, steps: round.steps, score, log };
  if (hidden) Object.assign(fixture, { hidden });
  writeFileSync(
    path.join(target, `${slug}.json`),
    `${JSON.stringify(fixture, null, 2)}\n`,
  );
  console.log(
    `${slug}: score ${score} in ${round.steps} steps, ${round.log().events.length} inputs, log ${log.length} characters`,
  );
}
