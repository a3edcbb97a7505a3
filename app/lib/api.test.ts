import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR_MESSAGE, apiFetch, errorMessage } from "./api";
import { USER_STORAGE_KEY } from "./user-store";

const fetchMock = vi.fn<typeof fetch>();
let stored: Record<string, string> = {};

beforeEach(() => {
  stored = {};
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("window", {
    location: { origin: "https://playfeed.test" },
    localStorage: {
      getItem: (key: string) => stored[key] ?? null,
      setItem: (key: string, value: string) => (stored[key] = value),
      removeItem: (key: string) => delete stored[key],
    },
  });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return {
    url: url as string,
    init: init!,
    headers: new Headers(init!.headers),
  };
}

describe("apiFetch", () => {
  it("sends JSON and returns the parsed body", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await expect(
      apiFetch("/api/session", { method: "POST", json: { user: 1 } }),
    ).resolves.toEqual({ ok: true });
    const { url, init, headers } = lastRequest();
    expect(url).toBe("/api/session");
    expect(init.body).toBe('{"user":1}');
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.has("Authorization")).toBe(false);
  });

  it("never sends a token from storage: the session cookie authenticates the page", async () => {
    stored[USER_STORAGE_KEY] = JSON.stringify({
      _id: 3,
      name: "Ava",
      token: "tok",
    });
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await apiFetch("/api/user/me");
    expect(lastRequest().url).toBe("/api/user/me");
    expect(lastRequest().init.credentials).toBeUndefined();
    expect(lastRequest().headers.has("Authorization")).toBe(false);
    await apiFetch("https://uploads.example.com/put?sig=1", {
      method: "PUT",
      body: new Blob(["x"], { type: "image/png" }),
    });
    expect(lastRequest().url).toBe("https://uploads.example.com/put?sig=1");
    expect(lastRequest().headers.has("Authorization")).toBe(false);
  });

  it("lets form data and files carry their own content type", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    const form = new FormData();
    form.set("email", "a@b.co");
    await apiFetch("/api/user/login", { method: "POST", body: form });
    expect(lastRequest().headers.has("Content-Type")).toBe(false);
    await apiFetch("/api/media/upload/1", {
      method: "PUT",
      body: new Blob(["x"]),
      headers: { "Content-Type": "image/png" },
    });
    expect(lastRequest().headers.get("Content-Type")).toBe("image/png");
  });

  it("surfaces the server's error message, code and fields", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: {
            code: "validation",
            message: "Check the form",
            fields: { name: "Please enter name" },
          },
        },
        400,
      ),
    );
    const error = await apiFetch("/api/user/profile", {
      method: "PUT",
      json: {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation",
      message: "Check the form",
      fields: { name: "Please enter name" },
    });
  });

  it("keeps a short non-JSON error body as the message", async () => {
    fetchMock.mockResolvedValue(new Response("Not Found", { status: 404 }));
    await expect(apiFetch("/api/nothing")).rejects.toMatchObject({
      status: 404,
      message: "Not Found",
    });
  });

  it("says 'Internet not available' when the network fails", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = await apiFetch("/api/user/me").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(errorMessage(error)).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("returns null for an empty success", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      apiFetch("/auth/logout", { method: "POST" }),
    ).resolves.toBeNull();
  });
});
