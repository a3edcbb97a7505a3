import { z } from "zod";
import { boundedString } from "./input";

/** Row ids are positive integers of at most 15 digits, so every one is a safe integer. */
const ID_DIGITS = /^[1-9]\d{0,14}$/;

/** An id in a path: anything but a row id is a client mistake, not a lookup. */
export const idSchema = (label: string) =>
  boundedString(15, `Invalid ${label} id`)
    .regex(ID_DIGITS, `Invalid ${label} id`)
    .transform(Number);

/** An id in a JSON body: a number, never its digits as a string nor a boolean or list converted into one. */
export const idValueSchema = (label: string) =>
  z
    .number({ error: `Invalid ${label} id` })
    .int(`Invalid ${label} id`)
    .positive(`Invalid ${label} id`)
    .max(Number.MAX_SAFE_INTEGER, `Invalid ${label} id`);

/** An optional id in a query string (`?challengeId=`, `?chat=`): the id, or null when it is missing or not one. */
export const idOrNull = (value: string | null | undefined): number | null =>
  value && value.length <= 15 && ID_DIGITS.test(value) ? Number(value) : null;
