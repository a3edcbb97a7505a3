import type { z } from "zod";
import { fieldErrors } from "#contract/validation";
import { ApiError, badRequest } from "./errors";

/** Parses untrusted input; the first problem becomes a 400 whose message names it. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}

/** Parses a form-like payload; every field's first problem is returned so a form can show them all. */
export function parseFields<T extends z.ZodType>(
  schema: T,
  value: unknown,
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new ApiError(
      400,
      "validation",
      Object.values(fields)[0] ?? "Invalid request",
      fields,
    );
  }
  return result.data;
}
