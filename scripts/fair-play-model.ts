// Builds the fair-play model of each of our games (ADR 032) into workers/services/fair-play-models.json: the game's
// demo player plays full rounds from many seeds through the same round code as a person, and the model keeps the
// best ranked value, how fast the value grew and the most presses in ten seconds. Run it again when a game's rules
// change; `npm run fair-play:model -- --check` fails when the committed file is not what the rules give.
//
//   npm run fair-play:model [-- --seeds N] [-- --check]
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "prettier";
import { registry } from "../games/registry";
import { startRound, replay } from "../games/shared/round";
import {
  buildModel,
  type PlayModel,
} from "../workers/services/fair-play-model";

const root = fileURLToPath(new URL("..", import.meta.url));
const target = path.join(root, "workers", "services", "fair-play-models.json");
const seedsFlag = process.argv.indexOf("--seeds");
const SEEDS = seedsFlag >= 0 ? Number(process.argv[seedsFlag + 1]) : 40;
const check = process.argv.includes("--check");

const models: Record<string, PlayModel> = {};
for (const [slug, rules] of Object.entries(registry).sort()) {
  const meta = JSON.parse(
    readFileSync(path.join(root, "games", slug, "meta.json"), "utf8"),
  ) as { maximum_game_time: number };
  const maxSteps = meta.maximum_game_time * 60;
  const rounds = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const round = startRound(rules, seed * 7919);
    while (!round.sim.over && round.steps < maxSteps)
      round.step({ autoplay: true });
    const log = round.log();
    let misses = 0;
    const result = replay(rules, seed * 7919, log, (effect) => {
      if (effect === "hit") misses++;
    });
    rounds.push({ log, moves: result.moves, ranked: result.score, misses });
  }
  models[slug] = buildModel(rounds);
  const { ceiling, growth, pressesPer10s, missesPerValue } = models[slug];
  console.log(
    `${slug}: ${SEEDS} rounds, best ${ceiling}, ${growth.length} growth points, at most ${pressesPer10s} presses in 10 s, at least ${missesPerValue} misses per value`,
  );
}
// Written as Prettier writes JSON, so the format check passes on a file just built.
const text = await format(JSON.stringify(models), { parser: "json" });
if (check) {
  if (readFileSync(target, "utf8") !== text) {
    console.error(
      "workers/services/fair-play-models.json is not what the games' rules give: run npm run fair-play:model",
    );
    process.exit(1);
  }
  console.log("The fair-play models match the games' rules.");
} else {
  writeFileSync(target, text);
  console.log(`Wrote ${path.relative(root, target)}`);
}
