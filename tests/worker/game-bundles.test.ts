import { env, exports } from "cloudflare:workers";
import { Zip, ZipDeflate, strToU8, zipSync, type Zippable } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_LIMITS } from "#contract/developers";
import { createServices } from "../../workers/context";
import { gameFilePolicy } from "../../workers/games-origin";
import { BASE, seed, tokenFor } from "./helpers";

/**
 * Issue #33, item 3: a developer's .zip is checked and unpacked into R2 (ADR 039), and served only from the games
 * origin, another site than the app's, with the game frame's sandbox on every file.
 */

const bundles = () => createServices(env).bundles;
const MB = 1024 * 1024;
const GAME_HTML =
  '<!doctype html><html><head><title>t</title><script src="/sdk/playfeed-sdk.js"></script></head><body><script src="game.js"></script></body></html>';

const zipOf = (files: Zippable) => new Blob([zipSync(files)]);
const text = (value: string) => strToU8(value);

/** Every object the bucket holds under bundles/: a refused upload must leave none. */
async function storedKeys(prefix = "bundles/") {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

const fromGamesOrigin = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`${env.GAMES_ORIGIN}${path}`, init));

/** The status and message of a refused upload. */
async function refusal(versionId: number, file: Blob) {
  try {
    await bundles().storeZip(versionId, file);
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message };
  }
  throw new Error("the archive was stored");
}

/** A zip written entry by entry, so a big one is never whole in the test's memory either. */
async function streamedZip(
  entries: Array<{ name: string; chunks: number; chunk: Uint8Array }>,
) {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  for (const { name, chunks, chunk } of entries) {
    const file = new ZipDeflate(name, { level: 9 });
    zip.add(file);
    for (let i = 0; i < chunks; i += 1) file.push(chunk, i === chunks - 1);
  }
  zip.end();
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Rewrites the inflated size the central directory gives `name`: the lie a zip bomb tells. */
function claimSize(zip: Uint8Array<ArrayBuffer>, name: string, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = text(name);
  for (let at = zip.length - 22; at >= 0; at -= 1) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength);
    if (entryName.every((byte, index) => byte === wanted[index])) {
      view.setUint32(at + 24, size, true);
      return zip;
    }
  }
  throw new Error(`no entry ${name}`);
}

beforeAll(seed);

describe("storing a game's archive", () => {
  it("stores a game at the archive's root and serves it from the games origin only", async () => {
    const stored = await bundles().storeZip(
      101,
      zipOf({
        "index.html": text(GAME_HTML),
        "game.js": text("window.started = true;"),
        assets: {},
        "assets/sprite.png": new Uint8Array([137, 80, 78, 71]),
        "assets/My Level.json": text('{"level":1}'),
        "build/game.wasm.gz": zipSync({}), // any bytes: served as they are
      }),
    );
    expect(stored.bundlePath).toMatch(/^\/v\/101-[0-9a-f]{24}\/index\.html$/);
    expect(stored.files).toBe(5);
    const folder = stored.bundlePath.slice(0, -"index.html".length);
    expect(
      (await storedKeys()).filter((key) => key.includes("/101-")),
    ).toHaveLength(5);

    const page = await fromGamesOrigin(stored.bundlePath);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(GAME_HTML);
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    const policy = page.headers.get("Content-Security-Policy")!;
    expect(policy).toBe(gameFilePolicy(env.APP_ORIGIN));
    expect(policy).toContain("sandbox allow-scripts allow-pointer-lock;");
    expect(policy).not.toContain("allow-same-origin");
    expect(policy).toContain(`frame-ancestors ${env.APP_ORIGIN}`);
    expect(policy).toContain("connect-src 'self'");
    expect(page.headers.get("Set-Cookie")).toBeNull();

    // The folder itself is its index.html; a name with a space is asked for escaped.
    expect(await (await fromGamesOrigin(folder)).text()).toBe(GAME_HTML);
    const level = await fromGamesOrigin(`${folder}assets/My%20Level.json`);
    expect(level.headers.get("Content-Type")).toBe("application/json");
    expect(await level.json()).toEqual({ level: 1 });
    const script = await fromGamesOrigin(`${folder}game.js`);
    expect(script.headers.get("Content-Type")).toBe(
      "text/javascript; charset=utf-8",
    );
    expect(script.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const wasm = await fromGamesOrigin(`${folder}build/game.wasm.gz`);
    expect(wasm.headers.get("Content-Type")).toBe("application/wasm");
    expect(wasm.headers.get("Content-Encoding")).toBe("gzip");
    const part = await fromGamesOrigin(`${folder}game.js`, {
      headers: { Range: "bytes=7-13" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 7-13/22");
    expect(await part.text()).toBe("started");
    const tail = await fromGamesOrigin(`${folder}game.js`, {
      headers: { Range: "bytes=-5" },
    });
    expect(tail.headers.get("Content-Range")).toBe("bytes 17-21/22");
    expect(await tail.text()).toBe("true;");
    const head = await fromGamesOrigin(`${folder}game.js`, { method: "HEAD" });
    expect(head.status).toBe(200);

    // Another token, a missing file, a climb out of the folder: nothing.
    const guessed = stored.bundlePath.replace(
      /-[0-9a-f]{24}\//,
      `-${"0".repeat(24)}/`,
    );
    for (const path of [
      guessed,
      `${folder}missing.js`,
      `${folder}..%2F..%2Fbundles`,
      `${folder}assets%2F..%2F..%2Findex.html`,
    ])
      expect((await fromGamesOrigin(path)).status, path).toBe(404);
  });

  it("stores a game in one top folder and plays its index.html there", async () => {
    const stored = await bundles().storeZip(
      102,
      zipOf({
        "my-game/index.html": text(GAME_HTML),
        "my-game/game.js": text("1"),
        "my-game/docs/index.html": text("<p>help</p>"),
      }),
    );
    expect(stored.bundlePath).toMatch(
      /^\/v\/102-[0-9a-f]{24}\/my-game\/index\.html$/,
    );
    expect(stored.files).toBe(3);
    expect((await fromGamesOrigin(stored.bundlePath)).status).toBe(200);
  });

  it("leaves out the litter of macOS's Compress", async () => {
    const stored = await bundles().storeZip(
      103,
      zipOf({
        "game/index.html": text(GAME_HTML),
        "game/.DS_Store": text("x"),
        "game/.htaccess": text("x"),
        "game/_headers": text("x"),
        "__MACOSX/game/._index.html": text("x"),
      }),
    );
    expect(stored.files).toBe(1);
    expect(stored.bundlePath).toMatch(/\/game\/index\.html$/);
  });

  it("writes a file bigger than one R2 part in parts, and serves it whole", async () => {
    const size = 20 * MB + 123;
    const stored = await bundles().storeZip(
      104,
      new Blob([
        await streamedZip([
          { name: "index.html", chunks: 1, chunk: text(GAME_HTML) },
          { name: "Build/game.data", chunks: 20, chunk: new Uint8Array(MB) },
          { name: "archive/game.arcd0", chunks: 1, chunk: new Uint8Array(123) },
        ]),
      ]),
    );
    expect(stored.bytes).toBe(GAME_HTML.length + size);
    const folder = stored.bundlePath.slice(0, -"index.html".length);
    const data = await fromGamesOrigin(`${folder}Build/game.data`);
    expect(data.headers.get("Content-Type")).toBe("application/octet-stream");
    expect((await data.arrayBuffer()).byteLength).toBe(20 * MB);
    const part = await fromGamesOrigin(`${folder}archive/game.arcd0`);
    expect((await part.arrayBuffer()).byteLength).toBe(123);
  }, 60_000);
});

describe("a refused archive", () => {
  const cases: Array<[string, () => Blob | Promise<Blob>, number, RegExp]> = [
    [
      "over 50 MB compressed",
      () => new Blob([new Uint8Array(BUNDLE_LIMITS.compressedBytes + 1)]),
      413,
      /is 50.1 MB; the limit is 50 MB compressed/,
    ],
    [
      "2,001 files",
      () =>
        zipOf({
          "index.html": text(GAME_HTML),
          ...Object.fromEntries(
            Array.from({ length: 2000 }, (_, i) => [`f/${i}.js`, text("1")]),
          ),
        }),
      413,
      /more than 2,000 files/,
    ],
    [
      "a .. path",
      () => zipOf({ "index.html": text(GAME_HTML), "../evil.js": text("1") }),
      400,
      /"\.\.\/evil\.js" climbs out of its folder/,
    ],
    [
      "an absolute path",
      () => zipOf({ "index.html": text(GAME_HTML), "/etc/evil.js": text("1") }),
      400,
      /"\/etc\/evil\.js" is an absolute path/,
    ],
    [
      "a backslash",
      () => zipOf({ "index.html": text(GAME_HTML), "a\\..\\b.js": text("1") }),
      400,
      /has a backslash/,
    ],
    [
      "a drive letter",
      () => zipOf({ "index.html": text(GAME_HTML), "C:/b.js": text("1") }),
      400,
      /names a drive/,
    ],
    [
      "a control character",
      () => zipOf({ "index.html": text(GAME_HTML), "a\u0000.js": text("1") }),
      400,
      /control character/,
    ],
    [
      "a path over 256 characters",
      () =>
        zipOf({
          "index.html": text(GAME_HTML),
          [`${"a".repeat(300)}.js`]: text("1"),
        }),
      400,
      /longer than 256 characters/,
    ],
    [
      "a symlink",
      () =>
        zipOf({
          "index.html": text(GAME_HTML),
          "link.js": [text("/etc/passwd"), { os: 3, attrs: 0o120777 << 16 }],
        }),
      400,
      /"link\.js" is a symbolic link/,
    ],
    ...[".exe", ".php", ".sh"].map(
      (extension): [string, () => Blob, number, RegExp] => [
        `a ${extension} file`,
        () =>
          zipOf({
            "index.html": text(GAME_HTML),
            [`tool${extension}`]: text("1"),
          }),
        415,
        new RegExp(
          `"tool\\${extension}" is a type of file games do not use \\(\\${extension}\\)`,
        ),
      ],
    ),
    [
      "no index.html",
      () => zipOf({ "game.html": text(GAME_HTML) }),
      400,
      /needs one index\.html, at its root or in its one top folder/,
    ],
    [
      "two top folders",
      () =>
        zipOf({
          "a/index.html": text(GAME_HTML),
          "b/index.html": text(GAME_HTML),
        }),
      400,
      /it has 2 top-level folders or files \(a\/, b\/\)/,
    ],
    [
      "not a zip",
      () => new Blob(["<html>not a zip</html>"]),
      400,
      /^This file is not a \.zip archive$/,
    ],
    [
      "a zip bomb that says what it is",
      async () =>
        new Blob([
          await streamedZip([
            { name: "index.html", chunks: 1, chunk: text(GAME_HTML) },
            { name: "zeros.bin", chunks: 210, chunk: new Uint8Array(MB) },
          ]),
        ]),
      413,
      /unpacks to at least 210.1 MB; the limit is 200 MB uncompressed/,
    ],
    [
      "a zip bomb whose directory lies about its size",
      async () =>
        new Blob([
          claimSize(
            await streamedZip([
              { name: "index.html", chunks: 1, chunk: text(GAME_HTML) },
              { name: "zeros.bin", chunks: 210, chunk: new Uint8Array(MB) },
            ]),
            "zeros.bin",
            1000,
          ),
        ]),
      400,
      /"zeros\.bin" unpacks to more than the 1,000 bytes its archive says/,
    ],
    [
      "a damaged archive",
      () => {
        const zip = zipSync({
          "index.html": text(GAME_HTML),
          "game.js": text("let score = 0;".repeat(100)),
        });
        // game.js's deflate stream opens with a block of the reserved type 3, after index.html was written whole.
        const view = new DataView(zip.buffer);
        let header = 0;
        while (
          view.getUint32(header, true) !== 0x04034b50 ||
          view.getUint16(header + 26, true) !== "game.js".length ||
          String.fromCharCode(...zip.subarray(header + 30, header + 37)) !==
            "game.js"
        )
          header += 1;
        const data = header + 37 + view.getUint16(header + 28, true);
        zip[data] = 0b111;
        return new Blob([zip]);
      },
      400,
      /^This file is not a \.zip archive$/,
    ],
  ];

  it.each(cases)(
    "%s is refused, named, and leaves nothing in the bucket",
    async (_, archive, status, message) => {
      const versionId = 200 + cases.findIndex(([name]) => name === _);
      const answer = await refusal(versionId, await archive());
      expect(answer.status).toBe(status);
      expect(answer.message).toMatch(message);
      expect(await storedKeys(`bundles/${versionId}-`)).toEqual([]);
    },
    120_000,
  );
});

describe("the games origin", () => {
  let folder: string;
  beforeAll(async () => {
    const stored = await bundles().storeZip(
      301,
      zipOf({ "index.html": text(GAME_HTML) }),
    );
    folder = stored.bundlePath.slice(0, -"index.html".length);
  });

  it("answers nothing of the app, even to the player's own cookie, and sets none", async () => {
    const { token } = await tokenFor("ava@playfeed.local");
    const cookie = { Cookie: `pf_session=${token}` };
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", "/home-page"],
      ["GET", "/api/health"],
      ["GET", "/api/user/me"],
      ["POST", "/api/user/login"],
      ["GET", "/ws"],
      ["GET", "/media/profile/x.png"],
      ["GET", "/games/snake/"],
      ["GET", `/media/bundles${folder.slice(2)}index.html`],
      ["POST", `${folder}index.html`],
    ]) {
      const response = await fromGamesOrigin(path, { method, headers: cookie });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("Content-Type")).toBe(
        "text/plain; charset=utf-8",
      );
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await response.text()).toBe("Not found");
    }
    // The same cookie on the app's origin is the player.
    const me = await exports.default.fetch(
      new Request(`${BASE}/api/user/me`, { headers: cookie }),
    );
    expect(me.status).toBe(200);
  });

  it("serves the SDK the games load, and the app's origin serves no game file", async () => {
    const sdk = await fromGamesOrigin("/sdk/playfeed-sdk.js");
    expect(sdk.status).toBe(200);
    expect(await sdk.text()).toContain("PlayfeedSDK");

    const onApp = await exports.default.fetch(
      new Request(`${BASE}${folder}index.html`),
    );
    expect(onApp.status).toBe(404);
    expect(await onApp.text()).not.toContain(GAME_HTML);
    const asMedia = await exports.default.fetch(
      new Request(`${BASE}/media/bundles${folder.slice(2)}index.html`),
    );
    expect(asMedia.status).toBe(404);
  });
});
