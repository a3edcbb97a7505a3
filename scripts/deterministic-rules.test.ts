import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;

const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were a game's rules, with the project's own ESLint config. */
async function lintRules(code: string, filePath = "games/snake/sim.ts") {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.message);
}

const refused: unknown = expect.stringContaining(
  "Game rules must replay bit-exactly in every engine",
);

// The first lint builds the TypeScript program the type-aware rules need: many seconds on a busy machine.
describe(
  "game rules use only math every engine rounds the same (ADR 014)",
  { timeout: 90_000 },
  () => {
    it("refuses Math.sin, atan2, hypot and pow in a game's sim.ts", async () => {
      const messages = await lintRules(
        [
          "export const a = (t: number) => Math.sin(t) + Math.atan2(t, 1);",
          "export const b = (x: number, y: number) => Math.hypot(x, y) + Math.pow(x, 0.5);",
          "",
        ].join("\n"),
      );
      expect(messages).toEqual([refused, refused, refused, refused]);
    });

    it("refuses ** on anything but two literals, and allows Math.sqrt and the project's trig", async () => {
      const messages = await lintRules(
        [
          'import { sin } from "../shared/trig";',
          "export const big = 2 ** 30;",
          "export const square = (x: number) => x ** 2;",
          "export const length = (x: number, y: number) => Math.sqrt(x * x + y * y) + sin(x);",
          "",
        ].join("\n"),
      );
      expect(messages).toEqual([refused]);
    });

    it("covers the shared files rules import, and leaves drawing code alone", async () => {
      const code = "export const wave = (t: number) => Math.cos(t);\n";
      expect(await lintRules(code, "games/shared/rng.ts")).toEqual([refused]);
      // Memory Match's faces are dealt in the replay too (ADR 014, "Hidden information").
      expect(await lintRules(code, "games/memory-match/deal.ts")).toEqual([
        refused,
      ]);
      expect(await lintRules(code, "games/shared/dealer.ts")).toEqual([
        refused,
      ]);
      expect(await lintRules(code, "games/snake/main.ts")).toEqual([]);
    });
  },
);
