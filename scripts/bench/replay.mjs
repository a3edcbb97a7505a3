// `npm run bench:replay` (also part of `npm run bench`): what verifying a round by replay costs the Worker.
//   node scripts/bench/replay.mjs [--replays N] [--seeds S]
// For each of our games the demo player plays S seeds (default 8) through the same round code as a person, up to
// the game's maximum_game_time; the longest round of each game is kept (a full-length one when the demo survives).
// Those logs are replayed N times each (default 100) inside workerd (Miniflare, the runtime of `wrangler dev`), by
// the same `replay()` the Worker's POST /api/scores calls. workerd's clock only moves between I/O events, so each
// replay is timed from one timer tick to the next: what is measured is the replay's CPU, to the millisecond. The
// first replay of each game is shown apart (it compiles the game's code); the aim is on a warm isolate's replays.
// It prints per game the round's length, its log size, and CPU per replay (p50, p99, max), plus the log size of the
// busiest possible round (a pointer move on every step for the whole maximum time), then the aims PASS/MISS:
// p99 ≤ 10 ms of CPU for a full-length round (Cloudflare's free plan allows 10 ms a request) and a log under 16 KB.
// Then each game's hostile log (games/shared/hostile-logs.ts, the one its unit test replays: the most inputs a person
// may make on every step, the demo playing along) from the same seed, replayed N times the same way, each right after
// an honest replay so both meet the same load, with the aim
// hostile p99 ≤ 3 × the honest round's p99 (each at least 1 ms, the clock's resolution).
// A game that hides information (Memory Match, ADR 014) is dealt from a hidden seed, and its rounds are replayed as
// the Worker's are: through recordedDealer, with the cards each round turned.
// A miss never fails the process.
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadGames, root } from "../games-lib.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const REPLAYS = flag("--replays", 100);
const SEEDS = flag("--seeds", 8);
const AIM_CPU_MS = 10;
const AIM_LOG_BYTES = 16 * 1024;
const MAX_LOG_CHARS = 64 * 1024;

const { games, encodeLog, startRound, hostileLog } = await loadGames();

/** For a game that hides information: a hidden seed for the round of `seed`, and no turns yet. */
const hiddenDeal = (rules, seed) =>
  rules.dealer ? { seed: (1122334455 + seed) >>> 0, turns: [] } : null;

/** The faces of `hidden.seed`, each noted in `hidden.turns` as the server's CardDealer records it. */
const notedDealer = (rules, hidden) => {
  if (!hidden) return undefined;
  const faces = rules.dealer(hidden.seed);
  return {
    reveal(level, card) {
      const face = faces.reveal(level, card);
      if (face !== null) hidden.turns.push([level, card]);
      return face;
    },
  };
};

// The longest demo round of each game, as the logs a player's browser would send.
const rounds = games.map(({ slug, rules, meta }) => {
  const maxSteps = meta.maximum_game_time * 60;
  let longest = null;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const hidden = hiddenDeal(rules, seed);
    const round = startRound(
      rules,
      seed,
      undefined,
      notedDealer(rules, hidden),
    );
    while (!round.sim.over && round.steps < maxSteps)
      round.step({ autoplay: true });
    if (!longest || round.steps > longest.steps)
      longest = {
        slug,
        seed,
        steps: round.steps,
        maxSteps,
        score: round.sim.level ?? round.sim.score,
        log: encodeLog(round.log()),
        hidden,
      };
  }
  const busiest = encodeLog({
    steps: maxSteps,
    events: Array.from({ length: maxSteps }, (_, step) => ({
      step,
      kind: "pointerMove",
      x: Math.round(rules.world.width / 2 + Math.sin(step / 7) * 100),
      y: Math.round(rules.world.height / 2 + Math.cos(step / 11) * 100),
    })),
  });
  return { ...longest, busiestChars: busiest.length };
});

// The worst log a person could send, per game, from the seed of its longest demo round.
const hostile = rounds.flatMap((round) => {
  const { rules } = games.find((game) => game.slug === round.slug);
  const hidden = hiddenDeal(rules, round.seed);
  let log;
  try {
    log = hostileLog(rules, round.seed, round.maxSteps, undefined, hidden);
  } catch {
    return [];
  }
  return [
    {
      slug: round.slug,
      seed: round.seed,
      steps: log.steps,
      inputs: log.events.length,
      log: encodeLog(log),
      hidden,
    },
  ];
});

// A Worker that replays every round N times and times each one between timer ticks.
const dir = mkdtempSync(path.join(tmpdir(), "playfeed-bench-replay-"));
try {
  const entry = path.join(dir, "worker.ts");
  writeFileSync(
    entry,
    `import { registry } from ${JSON.stringify(path.join(root, "games", "registry.ts"))};
import { decodeLog } from ${JSON.stringify(path.join(root, "games", "shared", "input-log.ts"))};
import { replay } from ${JSON.stringify(path.join(root, "games", "shared", "round.ts"))};
import { recordedDealer } from ${JSON.stringify(path.join(root, "games", "shared", "dealer.ts"))};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
export default {
  async fetch(request) {
    const { rounds, replays } = await request.json();
    const results = [];
    const timed = async (round, log, hidden) => {
      await tick();
      const start = Date.now();
      const rules = registry[round.slug];
      // As the Referee: the faces of the hidden seed, only for the recorded turns, in order.
      const dealer =
        hidden &&
        recordedDealer(rules.dealer(hidden.seed), hidden.turns, () =>
          new Error(round.slug + ": a turn the server did not deal"),
        );
      const score = replay(rules, round.seed, decodeLog(log), undefined, dealer).score;
      dealer?.finish();
      await tick();
      return { score, ms: Date.now() - start };
    };
    for (const round of rounds) {
      const times = [];
      const hostileTimes = [];
      let score = null;
      // The first replay of a game compiles its code (once per isolate); the rest are what a warm isolate spends.
      // A hostile log is replayed right after each honest one, so both meet the same load on a shared machine.
      for (let i = 0; i <= replays; i++) {
        const honest = await timed(round, round.log, round.hidden);
        score = honest.score;
        times.push(honest.ms);
        if (round.hostileLog)
          hostileTimes.push(
            (await timed(round, round.hostileLog, round.hostileHidden)).ms,
          );
      }
      results.push({
        slug: round.slug,
        score,
        cold: times[0],
        times: times.slice(1),
        hostileCold: hostileTimes[0],
        hostileTimes: hostileTimes.slice(1),
      });
    }
    return Response.json(results);
  },
};
`,
  );
  const script = path.join(dir, "worker.mjs");
  await build({
    entryPoints: [entry],
    outfile: script,
    bundle: true,
    format: "esm",
    platform: "neutral",
    logLevel: "warning",
  });
  const mf = new Miniflare({
    modules: [
      {
        type: "ESModule",
        path: "worker.mjs",
        contents: readFileSync(script, "utf8"),
      },
    ],
    compatibilityDate: "2025-04-01",
  });
  let results;
  try {
    const response = await mf.dispatchFetch("http://bench/", {
      method: "POST",
      body: JSON.stringify({
        rounds: rounds.map((round) => {
          const bad = hostile.find((one) => one.slug === round.slug);
          return {
            ...round,
            hostileLog: bad?.log ?? null,
            hostileHidden: bad?.hidden ?? null,
          };
        }),
        replays: REPLAYS,
      }),
    });
    results = await response.json();
  } finally {
    await mf.dispose();
  }

  const percentile = (sorted, p) =>
    sorted[
      Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
    ];
  const pad = (value, width) => String(value).padStart(width);
  console.log(
    `Replay in workerd: ${REPLAYS} replays of each game's longest demo round (of ${SEEDS} seeds)\n`,
  );
  console.log(
    "game            steps  of max  score    log  busiest   CPU cold  p50  p99  max  (ms)",
  );
  let worstP99 = 0;
  let worstCold = 0;
  let worstFullP99 = 0;
  const overAim = [];
  let largestLog = 0;
  let largestBusiest = 0;
  let mismatches = 0;
  for (const round of rounds) {
    const result = results.find((one) => one.slug === round.slug);
    const sorted = [...result.times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const max = sorted[sorted.length - 1];
    if (result.score !== round.score) mismatches++;
    worstP99 = Math.max(worstP99, p99);
    worstCold = Math.max(
      worstCold,
      (result.cold * round.maxSteps) / round.steps,
    );
    // Scaled to a full-length round when the demo's round ended early: CPU grows with the steps played.
    const fullP99 = (p99 * round.maxSteps) / round.steps;
    worstFullP99 = Math.max(worstFullP99, fullP99);
    if (fullP99 > AIM_CPU_MS) overAim.push(round.slug);
    largestLog = Math.max(largestLog, round.log.length);
    largestBusiest = Math.max(largestBusiest, round.busiestChars);
    console.log(
      `${round.slug.padEnd(14)} ${pad(round.steps, 6)} ${pad(`${Math.round((100 * round.steps) / round.maxSteps)}%`, 6)} ${pad(round.score, 6)} ${pad(`${(round.log.length / 1024).toFixed(1)}K`, 6)} ${pad(`${(round.busiestChars / 1024).toFixed(1)}K`, 8)} ${pad(result.cold, 9)} ${pad(p50, 4)} ${pad(p99, 4)} ${pad(max, 4)}`,
    );
  }
  console.log("");
  const aim = (ok, text) => console.log(`${ok ? "PASS" : "MISS"}  ${text}`);
  aim(
    mismatches === 0,
    `every replay in workerd gives the score the round had in Node (${mismatches} differ)`,
  );
  aim(
    worstFullP99 <= AIM_CPU_MS,
    `CPU per replay in a warm isolate, p99, scaled to a full-length round: worst ${worstFullP99.toFixed(1)} ms (aim ≤ ${AIM_CPU_MS} ms; measured worst p99 ${worstP99} ms)${overAim.length ? `; over the aim: ${overAim.join(", ")}` : ""}`,
  );
  console.log(
    "info  rounds are replayed by Referee Durable Objects, not in the submitting request (ADR 015): a Durable Object request may use 30 s of CPU",
  );
  console.log(
    `info  the first replay in a fresh isolate (code compiled on the way), scaled to full length: worst ${worstCold.toFixed(1)} ms`,
  );
  aim(
    largestLog < AIM_LOG_BYTES,
    `largest demo round's log: ${(largestLog / 1024).toFixed(1)} KB (aim < ${AIM_LOG_BYTES / 1024} KB)`,
  );
  aim(
    largestBusiest < MAX_LOG_CHARS,
    `busiest possible round (a pointer move on every step for the whole time): ${(largestBusiest / 1024).toFixed(1)} KB (within the 64 KB limit a round may send)`,
  );

  console.log(
    `\nHostile logs in workerd: ${REPLAYS} replays of each game's worst log a person could send (the demo plays; every step as many inputs as log-limits allows)\n`,
  );
  console.log(
    "game            steps  inputs    log   CPU cold  p50  p99  max   honest p50  p99  (ms)  aim ≤ 3 × honest p99",
  );
  for (const round of rounds) {
    const result = results.find((one) => one.slug === round.slug);
    const bad = hostile.find((one) => one.slug === round.slug);
    if (!bad) {
      console.log(
        `${round.slug.padEnd(14)}  no hostile log (games/shared/hostile-logs.ts has no plan for it)`,
      );
      continue;
    }
    const honest = [...result.times].sort((a, b) => a - b);
    const honestP99 = percentile(honest, 99);
    const sorted = [...result.hostileTimes].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const max = sorted[sorted.length - 1];
    const ok = Math.max(p99, 1) <= 3 * Math.max(honestP99, 1);
    console.log(
      `${round.slug.padEnd(14)} ${pad(bad.steps, 6)} ${pad(bad.inputs, 7)} ${pad(`${(bad.log.length / 1024).toFixed(1)}K`, 6)} ${pad(result.hostileCold, 9)} ${pad(p50, 4)} ${pad(p99, 4)} ${pad(max, 4)} ${pad(percentile(honest, 50), 12)} ${pad(honestP99, 4)}        ${ok ? "PASS" : "MISS"}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
