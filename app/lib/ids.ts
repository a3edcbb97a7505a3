import { z } from "zod";

/** Row ids are positive integers; anything else in a path is a client mistake, not a lookup. */
export const idSchema = (label: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, `Invalid ${label} id`)
    .transform(Number);
