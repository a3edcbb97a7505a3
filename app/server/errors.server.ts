import { ApiError } from "../../workers/services/errors";

/**
 * A refusal a client can act on (a 4xx with its message). The services run in the Worker's bundle and the pages in the
 * Remix server build, each with its own copy of the ApiError class, so a service's refusal is recognised by its name
 * and status, not by `instanceof` alone.
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (error instanceof Error &&
      error.name === "ApiError" &&
      typeof (error as Partial<ApiError>).status === "number")
  );
}
