import { boundedString, jsonId } from "./input";

/** Row ids are positive integers; anything else in a path is a client mistake, not a lookup. */
export const idSchema = (label: string) =>
  boundedString(15, `Invalid ${label} id`)
    .regex(/^[1-9]\d{0,14}$/, `Invalid ${label} id`)
    .transform(Number);

/** An id in a JSON body: a number, never its digits as a string nor a boolean or list converted into one. */
export const idValueSchema = jsonId;
