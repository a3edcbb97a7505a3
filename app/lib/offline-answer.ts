import { NETWORK_ERROR_MESSAGE } from "./api";

/**
 * A fetcher's read or write that never reached the server (no signal, a dropped link) is answered here, in the
 * browser, with what the component shows for a refusal, instead of sending the whole page to its error screen. A
 * server's own answer, a redirect or an error response, passes through untouched.
 */
export async function unlessOffline<Answer, Fallback>(
  call: () => Promise<Answer>,
  fallback: Fallback,
): Promise<Answer | Fallback> {
  try {
    return await call();
  } catch (error) {
    // fetch rejects with a TypeError, and only, when the request could not be made or its answer not read.
    if (error instanceof TypeError) return fallback;
    throw error;
  }
}

/** The refusal shape of the pages' in-place actions (`MutationResult`), for a post that never got there. */
export const OFFLINE_MUTATION = {
  ok: false,
  error: NETWORK_ERROR_MESSAGE,
} as const;
