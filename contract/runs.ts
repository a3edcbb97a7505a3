import { z } from "zod";
import {
  MAX_LOG_CHARS,
  RUN_MESSAGES,
  RUN_ID_PATTERN,
  RUN_NOT_KEPT,
} from "./runs-plain";

export * from "./runs-plain";

/** The log as a request carries it: bounded before its single linear pattern runs. */
export const logValue = z
  .string({ error: "log must be text" })
  .max(MAX_LOG_CHARS, RUN_MESSAGES.tooLong)
  .regex(/^[A-Za-z0-9_-]*$/, "log must be base64url text");

/** A run's id from an address: anything else (an old numeric address included) is a run that was not kept. */
export const runIdSchema = z
  .string()
  .max(32, { error: RUN_NOT_KEPT, abort: true })
  .regex(RUN_ID_PATTERN, RUN_NOT_KEPT);
