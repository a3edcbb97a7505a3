import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  MARKER,
  PATCHED_VERSION,
  installedProxy,
  patchProxySource,
} from "./patch-dev-proxy.mjs";

const FORWARD_LINE =
  "      void fetch(userWorkerUrl, new Request(request, { headers })).then(async (res) => {";
const proxySource = (line = FORWARD_LINE) =>
  `export class ProxyWorker {\n  processQueue() {\n${line}\n        deferredResponse.resolve(res);\n      });\n  }\n}\n`;

const scratch = mkdtempSync(path.join(tmpdir(), "patch-dev-proxy-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let modules = 0;

type Forward = (
  url: string,
  request: Request,
  headers: Headers,
) => Promise<Response>;

/** The patched module's forward, loaded as a module whose `fetch` is the one given. */
async function forwardWith(
  fetch: (url: string, init: Request) => Promise<Response>,
): Promise<Forward> {
  const source = patchProxySource(proxySource());
  const file = path.join(scratch, `forward-${++modules}.mjs`);
  writeFileSync(
    file,
    `let fetch;\nexport const use = (given) => { fetch = given; };\n${source.slice(source.indexOf(MARKER))}\nexport { forwardToUserWorker };\n`,
  );
  const loaded = (await import(pathToFileURL(file).href)) as {
    use(given: typeof fetch): void;
    forwardToUserWorker: Forward;
  };
  loaded.use(fetch);
  return loaded.forwardToUserWorker;
}

describe("the dev proxy's forward (ADR 059)", () => {
  it("is applied to the installed wrangler, or that wrangler is another version", () => {
    const { version, path } = installedProxy();
    if (version === PATCHED_VERSION)
      expect(readFileSync(path, "utf8")).toContain(MARKER);
    else expect(version).not.toBe(PATCHED_VERSION);
  });

  it("replaces the one forward and leaves a patched source as it is", () => {
    const patched = patchProxySource(proxySource());
    expect(patched).toContain(
      "void forwardToUserWorker(userWorkerUrl, request, headers).then(",
    );
    expect(patched).not.toContain("void fetch(userWorkerUrl");
    expect(patchProxySource(patched)).toBe(patched);
  });

  it("refuses a proxy that forwards some other way", () => {
    expect(() => patchProxySource(proxySource("      void go();"))).toThrow(
      /does not forward requests as 4.86.0 does/,
    );
  });

  it("sends a POST again, body and all, when the connection was lost before an answer", async () => {
    const bodies: string[] = [];
    const forward = await forwardWith(async (_url, init) => {
      bodies.push(await new Response(init.body).text());
      if (bodies.length < 3) throw new Error("Network connection lost.");
      return new Response("saved", { status: 201 });
    });
    const request = new Request("http://localhost:8787/api/scores", {
      method: "POST",
      body: '{"score":4}',
    });
    const answer = await forward(
      "http://127.0.0.1:9000/api/scores",
      request,
      new Headers({ "content-type": "application/json" }),
    );
    expect(answer.status).toBe(201);
    expect(bodies).toEqual(['{"score":4}', '{"score":4}', '{"score":4}']);
  });

  it("gives up after three lost connections, and at once on any other failure", async () => {
    let lost = 0;
    const alwaysLost = await forwardWith(() => {
      lost++;
      return Promise.reject(new Error("Network connection lost."));
    });
    await expect(
      alwaysLost(
        "http://127.0.0.1:9000/",
        new Request("http://localhost:8787/"),
        new Headers(),
      ),
    ).rejects.toThrow("Network connection lost.");
    expect(lost).toBe(3);

    let refused = 0;
    const broken = await forwardWith(() => {
      refused++;
      return Promise.reject(new Error("connect ECONNREFUSED"));
    });
    await expect(
      broken(
        "http://127.0.0.1:9000/",
        new Request("http://localhost:8787/"),
        new Headers(),
      ),
    ).rejects.toThrow("ECONNREFUSED");
    expect(refused).toBe(1);
  });
});
