import { z } from "zod";

/** Row ids are positive integers; anything else in a path is a client mistake, not a lookup. */
export const idSchema = (label: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, `Invalid ${label} id`)
    .transform(Number);

/** An id in a JSON body: a number, or its digits as a string. */
export const idValueSchema = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `Invalid ${label} id` })
    .transform(String)
    .pipe(idSchema(label));
