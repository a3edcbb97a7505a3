import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { rewriteServerData, rewriteServerEntry } from "./server-runtime-memo";

// The very files the server build bundles, as installed.
const esm = path.join(
  path.dirname(
    createRequire(import.meta.url).resolve("@remix-run/server-runtime"),
  ),
  "esm",
);
const dataCode = readFileSync(path.join(esm, "data.js"), "utf8");
const entryCode = readFileSync(path.join(esm, "entry.js"), "utf8");
const scratch = mkdtempSync(path.join(tmpdir(), "server-runtime-memo-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Strip = (request: Request) => Request;
type Strips = Record<
  "stripIndexParam" | "stripDataParam" | "stripRoutesParam",
  Strip
>;

/** The three strip functions of a data module's code, loaded on their own (they use only URL and Request). */
async function strips(name: string, code: string): Promise<Strips> {
  const start = code.indexOf("function stripIndexParam(request) {");
  const last = code.indexOf("function stripRoutesParam(request) {");
  const end = code.indexOf("\n}\n", last) + 3;
  expect(start).toBeGreaterThan(-1);
  const file = path.join(scratch, `${name}.mjs`);
  writeFileSync(
    file,
    `${code.slice(start, end)}\nexport { stripIndexParam, stripDataParam, stripRoutesParam };\n`,
  );
  return (await import(pathToFileURL(file).href)) as Strips;
}

const URLS = [
  "https://playfeed.test/",
  "https://playfeed.test/detail/1",
  "https://playfeed.test/?index",
  "https://playfeed.test/blog?index=&page=2",
  "https://playfeed.test/blog?index=keep&_data=routes%2Fblog&_routes=root",
  "https://playfeed.test/search?q=a%20b&q=c",
];

describe("the server build's request for a loader", async () => {
  const before = await strips("before", dataCode);
  const after = await strips("after", rewriteServerData(dataCode));

  it("is the incoming request itself when its URL has no query string", () => {
    for (const name of Object.keys(before) as (keyof Strips)[]) {
      const request = new Request("https://playfeed.test/detail/1", {
        headers: { cookie: "pf_session=abc" },
      });
      expect(after[name](request)).toBe(request);
      expect(before[name](request)).not.toBe(request);
    }
  });

  it("strips Remix's parameters as the runtime does from every other URL", () => {
    for (const url of URLS)
      for (const name of Object.keys(before) as (keyof Strips)[]) {
        const request = new Request(url, { headers: { accept: "text/html" } });
        const ours = after[name](request);
        const theirs = before[name](request);
        expect(ours.url).toBe(theirs.url);
        expect(ours.method).toBe(theirs.method);
        expect(ours.headers.get("accept")).toBe("text/html");
      }
  });

  it("leaves a form's body readable by the action", async () => {
    const request = new Request("https://playfeed.test/detail/1", {
      method: "POST",
      body: new URLSearchParams({ intent: "like" }),
    });
    const passed = after.stripRoutesParam(after.stripIndexParam(request));
    expect((await passed.formData()).get("intent")).toBe("like");
  });

  it("fails the build when the runtime no longer has a strip where expected", () => {
    expect(() =>
      rewriteServerData(
        dataCode.replace(
          "function stripDataParam(request) {",
          "function x() {",
        ),
      ),
    ).toThrow(/stripDataParam is not where/);
  });
});

describe("the server build's route modules by id", () => {
  async function load() {
    const file = path.join(scratch, "entry.mjs");
    writeFileSync(file, rewriteServerEntry(entryCode));
    return (await import(pathToFileURL(file).href)) as {
      createEntryRouteModules: (
        manifest: Record<string, { module: object }>,
      ) => Record<string, object>;
    };
  }

  it("are kept per manifest, the same as a fresh copy, and cannot be written", async () => {
    const { createEntryRouteModules } = await load();
    const root = { default: () => null };
    const index = { loader: () => null };
    const manifest = {
      root: { module: root },
      "routes/_index": { module: index },
    };
    const modules = createEntryRouteModules(manifest);
    expect(modules).toEqual({ root, "routes/_index": index });
    expect(createEntryRouteModules(manifest)).toBe(modules);
    expect(() => {
      modules.extra = {};
    }).toThrow(TypeError);
    const rebuilt = { root: { module: root } };
    expect(createEntryRouteModules(rebuilt)).toEqual({ root });
    expect(createEntryRouteModules(rebuilt)).not.toBe(modules);
  });
});
