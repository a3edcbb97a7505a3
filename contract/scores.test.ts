import { describe, expect, it } from "vitest";
import { MAX_SCORE, RoundSchema } from "./scores";

const round = { score: 10, player_id: 1, game_id: 2 };
const messages = (body: unknown) =>
  RoundSchema.safeParse(body).error?.issues.map((issue) => issue.message);

describe("RoundSchema", () => {
  it("takes SPEC.md's score alone or with what ends a round in one request", () => {
    expect(RoundSchema.parse(round)).toEqual(round);
    const full = {
      ...round,
      stats_id: 3,
      moves: [{ time: 0, score: 10 }],
      play_time: 25.4,
      challenge_id: 4,
    };
    expect(RoundSchema.parse(full)).toEqual(full);
  });

  it("bounds the score by MAX_SCORE and refuses ids that are not whole numbers", () => {
    expect(messages({ ...round, score: MAX_SCORE })).toBeUndefined();
    expect(messages({ ...round, score: MAX_SCORE + 1 })).toEqual([
      "score is too large",
    ]);
    expect(messages({ ...round, challenge_id: "4" })).toEqual([
      "Invalid challenge id",
    ]);
    expect(messages({ ...round, play_time: -1 })).toEqual([
      "play_time cannot be negative",
    ]);
  });
});
