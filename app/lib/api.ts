import type { ApiErrorBody } from "#contract/types";

/** SPEC.md §8: what a player sees when the request never reached us. */
export const NETWORK_ERROR_MESSAGE = "Internet not available";

/** A failed call: the server's `error` object, or status 0 when the network failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiInit extends Omit<RequestInit, "body"> {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (form data for the page actions, a file for uploads). */
  body?: BodyInit;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (!value || typeof value !== "object" || !("error" in value)) return false;
  const error = value.error;
  return (
    !!error &&
    typeof error === "object" &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

function currentOrigin(): string {
  return typeof window === "undefined"
    ? "http://localhost"
    : window.location.origin;
}

/**
 * Every call the browser makes to our server (SPEC.md §7): JSON content type, the parsed body back, and failures as an
 * ApiError whose message is the server's or 'Internet not available'. The page never holds the session token: a
 * same-origin fetch carries the httpOnly session cookie, which the server accepts like a bearer token.
 */
export async function apiFetch<T = unknown>(
  path: string,
  { json, body, headers: given, ...init }: ApiInit = {},
): Promise<T> {
  const url = new URL(path, currentOrigin());
  const headers = new Headers(given);
  const payload = json === undefined ? body : JSON.stringify(json);
  const sendsOwnType =
    payload instanceof FormData ||
    payload instanceof URLSearchParams ||
    payload instanceof Blob;
  if (!headers.has("Content-Type") && !sendsOwnType)
    headers.set("Content-Type", "application/json");
  if (!headers.has("Accept")) headers.set("Accept", "application/json");

  let response: Response;
  try {
    response = await fetch(
      url.origin === currentOrigin() ? url.pathname + url.search : url.href,
      { ...init, headers, body: payload },
    );
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, "network", NETWORK_ERROR_MESSAGE);
  }

  const text = await response.text().catch(() => "");
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    if (isErrorBody(data))
      throw new ApiError(
        response.status,
        data.error.code,
        data.error.message,
        data.error.fields,
      );
    const message =
      typeof data === "string" && data.length < 200
        ? data
        : `Something went wrong (${response.status}). Please try again.`;
    throw new ApiError(response.status, "http_error", message);
  }
  return data as T;
}

/** The message to show for any failure of a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return NETWORK_ERROR_MESSAGE;
}
