import { z } from "zod";
import { boundedString } from "./input";
import { ID_DIGITS } from "./ids-plain";

export * from "./ids-plain";

const pathIdSchema = (label: string) =>
  boundedString(15, `Invalid ${label} id`)
    .regex(ID_DIGITS, `Invalid ${label} id`)
    .transform(Number);

// Labels are words in our code, so this stays small; a page's loader then builds no schema per request (issue #36).
const pathIdSchemas = new Map<string, ReturnType<typeof pathIdSchema>>();

/** An id in a path: anything but a row id is a client mistake, not a lookup. */
export function idSchema(label: string) {
  let schema = pathIdSchemas.get(label);
  if (!schema) {
    schema = pathIdSchema(label);
    pathIdSchemas.set(label, schema);
  }
  return schema;
}

/** An id in a JSON body: a number, never its digits as a string nor a boolean or list converted into one. */
export const idValueSchema = (label: string) =>
  z
    .number({ error: `Invalid ${label} id` })
    .int(`Invalid ${label} id`)
    .positive(`Invalid ${label} id`)
    .max(Number.MAX_SAFE_INTEGER, `Invalid ${label} id`);
