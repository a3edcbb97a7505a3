import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GAME_ERROR_LIMITS,
  GAME_EVENT_TYPES,
  GAME_MESSAGE_TYPES,
  GAME_SOURCE,
  PLATFORM_COMMAND_TYPES,
  PLATFORM_SOURCE,
} from "./game-protocol";

const sdk = readFileSync(
  new URL("../public/sdk/playfeed-sdk.js", import.meta.url),
  "utf8",
);
const typings = readFileSync(
  new URL("../games/shared/sdk.d.ts", import.meta.url),
  "utf8",
);

const captured = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].flatMap((match) => match.slice(1));
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The message types the SDK's script posts to the page, in each of the ways it builds a message. */
function sentBySdk(): string[] {
  return sorted([
    ...captured(sdk, /\bpost\(\s*"([a-z_]+)"/g),
    ...captured(sdk, /\bscore\([^()]*,\s*"([a-z_]+)"\)/g),
    // Object literals it posts; `deliver(...)` hands a command to the game itself (standalone), which is no message.
    ...captured(sdk, /(?<!deliver\()\{\s*type:\s*"([a-z_]+)"/g),
    ...captured(
      sdk,
      /type:\s*kind === "rewarded"\s*\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"/g,
    ),
  ]);
}

describe("the game SDK's protocol (contract/game-protocol.ts)", () => {
  it("lists each message type once", () => {
    expect(sorted(GAME_MESSAGE_TYPES)).toHaveLength(GAME_MESSAGE_TYPES.length);
    expect(sorted(PLATFORM_COMMAND_TYPES)).toHaveLength(
      PLATFORM_COMMAND_TYPES.length,
    );
  });

  it("names the same sources as the SDK's script", () => {
    expect(sdk).toContain(`var GAME = "${GAME_SOURCE}";`);
    expect(sdk).toContain(`var PLATFORM = "${PLATFORM_SOURCE}";`);
  });

  it("bounds a game's error reports as the SDK cuts them", () => {
    const limits = /var ERROR_LIMITS = (\{[^}]*\});/.exec(sdk)?.[1] ?? "";
    expect(limits).toBe(
      `{ message: ${GAME_ERROR_LIMITS.message}, file: ${GAME_ERROR_LIMITS.file}, perSecond: ${GAME_ERROR_LIMITS.perSecond} }`,
    );
  });

  it("is what public/sdk/playfeed-sdk.js sends: every game message, and nothing else", () => {
    expect(sentBySdk()).toEqual(sorted(GAME_MESSAGE_TYPES));
  });

  it("is what public/sdk/playfeed-sdk.js handles: every platform command, and nothing else", () => {
    const handled = captured(sdk, /\bdata\.type === "([a-z_]+)"/g);
    expect(sorted(handled)).toEqual(sorted(PLATFORM_COMMAND_TYPES));
  });

  it("passes to a game's handlers exactly the events games/shared/sdk.d.ts lets it subscribe to", () => {
    const commands = /var COMMANDS = \{([^}]*)\}/.exec(sdk)?.[1] ?? "";
    expect(sorted(captured(commands, /([a-z_]+):/g))).toEqual(
      sorted(GAME_EVENT_TYPES),
    );
    const subscribed = captured(typings, /\bon\(\s*type:\s*([^,]+),/g).flatMap(
      (union) => captured(union, /"([a-z_]+)"/g),
    );
    expect(sorted(subscribed)).toEqual(sorted(GAME_EVENT_TYPES));
  });
});
