import { describe, expect, it } from "vitest";
import {
  cacheNames,
  isKeepable,
  isStaleCache,
  isWorkerMessage,
  notificationFromPush,
  playPageFor,
  routeOf,
  startPages,
  tapTarget,
} from "./rules";

const ORIGIN = "https://playfeed.example";
const get = (path: string, mode = "cors") => ({
  method: "GET",
  url: `${ORIGIN}${path}`,
  mode,
});
const visit = (path: string) => get(path, "navigate");
const route = (request: { method: string; url: string; mode: string }) =>
  routeOf(request, ORIGIN);

describe("routeOf", () => {
  it("keeps the public pages, whatever their query", () => {
    for (const path of [
      "/",
      "/home",
      "/home-page",
      "/detail/3",
      "/play/12",
      "/publisher/2",
      "/about",
      "/terms",
      "/privacy",
      "/blog",
      "/blog/how-we-score",
    ])
      expect(route(visit(path))).toEqual({ strategy: "page" });
    expect(route(visit("/play/12?type=0&challengeId=4"))).toEqual({
      strategy: "page",
    });
  });

  it("never keeps a personal page, a form or a sign-in page, but still answers it offline", () => {
    for (const path of [
      "/likes",
      "/saved-games",
      "/recently-played",
      "/social",
      "/notifications",
      "/challenges",
      "/challenge/7",
      "/user-info",
      "/shop",
      "/result/3",
      "/summary/9",
      "/waiting/3",
      "/watch/55",
      "/editor/new",
      "/login",
      "/registration",
      "/contact",
      "/detail/3/extra",
    ])
      expect(route(visit(path))).toEqual({ strategy: "page-unkept" });
  });

  it("leaves the API, route data, route discovery, sockets and media uploads to the network", () => {
    for (const path of [
      "/api/game/published",
      "/api/scores/3",
      "/_root.data",
      "/play/3.data?_routes=routes%2Fplay.%24id",
      "/__manifest?p=%2Fplay%2F3&version=abc",
      "/ws",
      "/media/avatars/7.png",
      "/media/promos/snake.webm",
      "/sw.js",
      "/robots.txt",
    ])
      expect(route(get(path))).toBeNull();
  });

  it("never answers a write, another origin or a file asked for with a query", () => {
    expect(
      route({ method: "POST", url: `${ORIGIN}/api/scores`, mode: "cors" }),
    ).toBeNull();
    expect(
      route({ method: "POST", url: `${ORIGIN}/login`, mode: "navigate" }),
    ).toBeNull();
    expect(
      route({ method: "HEAD", url: `${ORIGIN}/favicon.svg`, mode: "cors" }),
    ).toBeNull();
    expect(
      route({
        method: "GET",
        url: "https://pagead2.googlesyndication.com/x.js",
        mode: "no-cors",
      }),
    ).toBeNull();
    expect(route(get("/games/snake/game.js?v=2"))).toBeNull();
  });

  it("takes fingerprinted assets from the cache first", () => {
    expect(route(get("/assets/root-B64t9KHm.css"))).toEqual({
      strategy: "cache-first",
    });
  });

  it("gets our other files from the network first: games, the SDK, posters, icons, the manifest", () => {
    for (const path of [
      "/games/snake/",
      "/games/snake/game.js",
      "/games/snake/icon.svg",
      "/sdk/playfeed-sdk.js",
      "/media/promos/snake.jpg",
      "/placeholders/arcade.svg",
      "/publishers/tiny-orbit-icon.svg",
      "/icons/icon-192.png",
      "/favicon.svg",
      "/manifest.webmanifest",
    ])
      expect(route(get(path, "no-cors"))).toEqual({
        strategy: "network-first",
      });
    expect(route(get("/games/../api/x"))).toBeNull();
  });
});

describe("isKeepable", () => {
  const response = (
    status: number,
    cacheControl: string | null = null,
    type = "basic",
    redirected = false,
  ) => ({
    status,
    type,
    redirected,
    headers: {
      get: (name: string) =>
        name.toLowerCase() === "cache-control" ? cacheControl : null,
    },
  });

  it("keeps a whole answer of our own", () => {
    expect(isKeepable(response(200))).toBe(true);
    expect(isKeepable(response(200, "public, max-age=0, s-maxage=60"))).toBe(
      true,
    );
  });

  it("keeps no error, partial, redirected, foreign or no-store answer", () => {
    expect(isKeepable(response(404))).toBe(false);
    expect(isKeepable(response(500))).toBe(false);
    expect(isKeepable(response(206))).toBe(false);
    expect(isKeepable(response(200, "private, no-store"))).toBe(false);
    expect(isKeepable(response(200, null, "opaque"))).toBe(false);
    expect(isKeepable(response(200, null, "basic", true))).toBe(false);
  });
});

describe("caches", () => {
  it("are named by version, and only ours of other versions are stale", () => {
    const names = cacheNames("abc123");
    expect(names).toEqual({
      files: "playfeed-files-abc123",
      pages: "playfeed-pages-abc123",
    });
    expect(isStaleCache(names.files, "abc123")).toBe(false);
    expect(isStaleCache(names.pages, "abc123")).toBe(false);
    expect(isStaleCache("playfeed-files-old", "abc123")).toBe(true);
    expect(isStaleCache("playfeed-pages-old", "abc123")).toBe(true);
    expect(isStaleCache("someone-elses", "abc123")).toBe(false);
  });
});

describe("startPages", () => {
  it("are home, the feed and the detail and play pages of our own games, not of external ones", () => {
    expect(
      startPages([
        { _id: 1, type: 0 },
        { _id: 2, type: 1 },
        { _id: 9, type: 2 },
      ]),
    ).toEqual([
      "/",
      "/home-page",
      "/detail/1",
      "/play/1",
      "/detail/2",
      "/play/2",
    ]);
  });
});

describe("playPageFor", () => {
  it("offers a game's play screen for its detail page, and nothing for other pages", () => {
    expect(playPageFor(new URL(`${ORIGIN}/detail/4`))).toBe(`${ORIGIN}/play/4`);
    expect(playPageFor(new URL(`${ORIGIN}/publisher/4`))).toBeNull();
  });
});

describe("isWorkerMessage", () => {
  it("accepts only the messages the worker knows", () => {
    expect(isWorkerMessage({ type: "forget-pages" })).toBe(true);
    expect(isWorkerMessage({ type: "skip" })).toBe(false);
    expect(isWorkerMessage("forget-pages")).toBe(false);
    expect(isWorkerMessage(null)).toBe(false);
  });
});

describe("notificationFromPush", () => {
  it("shows a push's title, body, tag and path", () => {
    expect(
      notificationFromPush({
        kind: "messages",
        title: "Ava",
        body: "Your turn!",
        url: "/social?chat=4",
        tag: "chat-4",
      }),
    ).toEqual({
      title: "Ava",
      options: {
        body: "Your turn!",
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        tag: "chat-4",
        data: { url: "/social?chat=4" },
      },
    });
  });

  it("shows the general notification for a push it cannot read or that points elsewhere", () => {
    for (const payload of [
      null,
      "text",
      { title: "", url: "/" },
      { title: "Hi", url: "https://evil.example/" },
      { title: "Hi", url: "//evil.example/" },
      { title: "Hi", url: "/\\evil.example" },
    ])
      expect(notificationFromPush(payload)).toMatchObject({
        title: "Playfeed",
        options: { data: { url: "/notifications" } },
      });
  });
});

describe("tapTarget", () => {
  const tab = (path: string) => ({ url: `${ORIGIN}${path}` });

  it("focuses a tab on the page, else brings one of ours there, else opens one", () => {
    const onPage = tab("/challenge/3");
    const other = tab("/home");
    expect(tapTarget([other, onPage], "/challenge/3", ORIGIN)).toEqual({
      action: "focus",
      window: onPage,
      url: `${ORIGIN}/challenge/3`,
    });
    expect(tapTarget([other], "/challenge/3", ORIGIN)).toEqual({
      action: "navigate",
      window: other,
      url: `${ORIGIN}/challenge/3`,
    });
    expect(tapTarget([], "/notifications", ORIGIN)).toEqual({
      action: "open",
      url: `${ORIGIN}/notifications`,
    });
    expect(tapTarget([], "https://evil.example/", ORIGIN)).toEqual({
      action: "open",
      url: `${ORIGIN}/`,
    });
  });
});
