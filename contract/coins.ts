import { z } from "zod";
import { digits } from "./input";

export * from "./coins-plain";

/** SPEC.md §7 POST /wallet (coins): accepted only as the claim of today's daily bonus. */
export const ClaimSchema = z.object({
  coins: z
    .number({ error: "coins must be a whole number" })
    .int("coins must be a whole number"),
});

/** The same claim from the shop's Collect form, whose fields are text. */
export const ClaimFormSchema = z.object({
  coins: digits("coins must be a whole number"),
});
