import { existsSync, readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { registry } from "../../games/registry";
import { startRound } from "../../games/shared/round";
import { ranked } from "../../games/shared/sim";
import { CATALOGUE } from "./catalogue";

const gamesDir = new URL("../../games/", import.meta.url);

describe("CATALOGUE", () => {
  it("lists every games/<slug>/meta.json once, so no game is left out of a deploy", () => {
    const withMeta = readdirSync(gamesDir).filter((name) =>
      existsSync(new URL(`${name}/meta.json`, gamesDir)),
    );
    expect(CATALOGUE.map(({ slug }) => slug).sort()).toEqual(withMeta.sort());
  });

  it("sets each game's prize minimum above what its demo player scores in a second, within a recorded round (ADR 027)", () => {
    for (const { slug, meta } of CATALOGUE) {
      const rules = registry[slug];
      expect(rules, slug).toBeDefined();
      for (let seed = 1; seed <= 20; seed++) {
        const round = startRound(rules, seed * 7919);
        while (round.steps < 60 && !round.sim.over)
          round.step({ autoplay: true });
        expect(ranked(round.sim), `${slug} seed ${seed}`).toBeLessThan(
          meta.prize_min_score,
        );
      }
      const recorded = JSON.parse(
        readFileSync(
          new URL(`../../tests/fixtures/rounds/${slug}.json`, import.meta.url),
          "utf8",
        ),
      ) as { score: number };
      expect(recorded.score, slug).toBeGreaterThanOrEqual(meta.prize_min_score);
    }
  });
});
