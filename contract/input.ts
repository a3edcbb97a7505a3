import { z } from "zod";

/**
 * The building blocks every request schema uses, so no input can cost more than its length.
 *
 * Zod runs every check of a chain even after one has failed, so a `.max()` alone does not stop a later
 * `.regex()` from scanning a megabyte. Each length bound here aborts the chain: nothing after it runs on
 * input that is too long.
 */

/** A string of at most `max` characters; longer input fails here and no later check or transform sees it. */
export const boundedString = (
  max: number,
  message: string,
  typeMessage: string = message,
) => z.string({ error: typeMessage }).max(max, { error: message, abort: true });

/**
 * A whole number from a query string (digits only, so `"1e3"`, `" 2"`, `"0x10"` and `"true"` are refused instead of
 * being read as numbers) or from a loader that passes the number itself. Pipe the result into the range allowed.
 */
export const digits = (message: string) =>
  z.union(
    [
      z.number().int(),
      boundedString(10, message)
        .regex(/^\d{1,10}$/, message)
        .transform(Number),
    ],
    { error: message },
  );
