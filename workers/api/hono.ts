import { Hono } from "hono";
import type { z } from "zod";
import type { Services } from "../context";
import { badRequest } from "../services/errors";

export type AppEnv = { Bindings: Env; Variables: { services: Services } };

export const createRouter = () => new Hono<AppEnv>();

/** Parses untrusted input; the first problem becomes a 400 whose message names it. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}
