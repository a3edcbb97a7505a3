import { ApiError } from "../../workers/services/errors";

/**
 * A refusal a client can act on (a 4xx with its message), made by a service; `instanceof` recognises one from the
 * Worker's copy of the class as well (workers/services/errors.ts).
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
