import { z } from "zod";

/**
 * A game's stored data (sdk.storage, the portals' `data` module, docs/game-sdk.md): the limits, the shape and the
 * answer of GET/PUT /api/game/{id}/data. The page, the server and the SDK (public/sdk/playfeed-sdk.js, which repeats
 * the numbers) hold a game to the same limits.
 */
export const GAME_STORAGE_LIMITS = {
  keys: 100,
  keyLength: 100,
  characters: 64 * 1024,
};

/** [key, value] pairs: a plain object would turn a key like "__proto__" into a prototype. */
export type GameData = Array<[string, string]>;

export const GAME_DATA_MESSAGES = {
  shape: "data must be a list of [key, value] pairs of strings",
  keys: `A game can keep at most ${GAME_STORAGE_LIMITS.keys} keys`,
  keyEmpty: "A storage key cannot be empty",
  keyLength: `A storage key can be at most ${GAME_STORAGE_LIMITS.keyLength} characters`,
  characters: `A game's data can be at most ${GAME_STORAGE_LIMITS.characters.toLocaleString("en-US")} characters, keys and values together`,
};

export const storageKey = z
  .string({ error: GAME_DATA_MESSAGES.shape })
  .max(GAME_STORAGE_LIMITS.keyLength, {
    error: GAME_DATA_MESSAGES.keyLength,
    abort: true,
  })
  .min(1, GAME_DATA_MESSAGES.keyEmpty);

export const storageValue = z
  .string({ error: GAME_DATA_MESSAGES.shape })
  .max(GAME_STORAGE_LIMITS.characters, {
    error: GAME_DATA_MESSAGES.characters,
    abort: true,
  });

/** Characters of keys and values together, the measure of the size limit. */
function charactersIn(data: Iterable<[string, string]>): number {
  let characters = 0;
  for (const [key, value] of data) characters += key.length + value.length;
  return characters;
}

/** Data within every limit, counted as the game would see it: a key given twice keeps its last value. */
export function withinStorageLimits(data: Map<string, string>): boolean {
  return (
    data.size <= GAME_STORAGE_LIMITS.keys &&
    charactersIn(data) <= GAME_STORAGE_LIMITS.characters
  );
}

/**
 * A whole game's data. The list's length is bounded before any pair is looked at, and each string before it is
 * counted; a key given twice keeps its last value, as a game's later setItem would.
 */
export const GameDataSchema = z
  .array(z.unknown(), { error: GAME_DATA_MESSAGES.shape })
  .max(GAME_STORAGE_LIMITS.keys, {
    error: GAME_DATA_MESSAGES.keys,
    abort: true,
  })
  .pipe(
    z.array(
      z.tuple([storageKey, storageValue], { error: GAME_DATA_MESSAGES.shape }),
    ),
  )
  .transform((pairs, ctx): GameData => {
    const data = new Map(pairs);
    if (charactersIn(data) > GAME_STORAGE_LIMITS.characters)
      ctx.addIssue({ code: "custom", message: GAME_DATA_MESSAGES.characters });
    return [...data];
  });

/** PUT /api/game/{id}/data: the game's whole data, which replaces what was kept. */
export const PutGameDataSchema = z.object(
  { data: GameDataSchema },
  { error: GAME_DATA_MESSAGES.shape },
);

/** GET and PUT /api/game/{id}/data answer the player's data for the game; `updated_at` is null when none is kept. */
export interface GameDataAnswer {
  data: GameData;
  /** Milliseconds since the epoch of the last write, as the server saw it. */
  updated_at: number | null;
}
