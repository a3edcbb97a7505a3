import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Marks every ApiError, whichever copy of this module made it: the Worker's bundle and the Remix server build each
 * carry their own copy of the class, and a symbol from the global registry is the same in both.
 */
const API_ERROR = Symbol.for("playfeed.ApiError");

/** An error a client can act on; the API turns it into `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  /** `instanceof ApiError` holds for an ApiError from either copy of the class (see API_ERROR). */
  static [Symbol.hasInstance](value: unknown): value is ApiError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as { [API_ERROR]?: true })[API_ERROR] === true
    );
  }

  readonly [API_ERROR] = true;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Field name → message, for forms that show a line under each field. */
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. `Retry-After` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export const notFound = (message: string) =>
  new ApiError(404, "not_found", message);
export const badRequest = (message: string) =>
  new ApiError(400, "bad_request", message);
export const unauthorized = (message = "Please log in to continue") =>
  new ApiError(401, "unauthorized", message);
export const forbidden = (message: string) =>
  new ApiError(403, "forbidden", message);
/** A 429 that says, in the message and in `Retry-After`, how long to wait. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, "rate_limited", message, undefined, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
