import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement as h, Suspense, type ReactNode } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { stringChunks } from "./react-server-chunks";

interface Renderer {
  renderToReadableStream(
    node: ReactNode,
    options?: { nonce?: string },
  ): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;
}

// The very file the server build bundles, as installed.
const require = createRequire(import.meta.url);
const rendererFile = require
  .resolve("react-dom/server.browser")
  .replace(
    /server\.browser\.js$/,
    "cjs/react-dom-server.browser.production.min.js",
  );
const original = readFileSync(rendererFile, "utf8");

const scratch = mkdtempSync(path.join(tmpdir(), "react-server-chunks-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh instance of the module from its code, as the bundle would run it (its own module state). */
function load(name: string, code: string): Renderer {
  const file = path.join(scratch, `${name}.cjs`);
  // The copy lives outside node_modules: it takes the installed React by its path.
  writeFileSync(
    file,
    code.replace(
      'require("react")',
      () => `require(${JSON.stringify(require.resolve("react"))})`,
    ),
  );
  return require(file) as Renderer;
}

/** Every chunk the stream gives, and the whole of it decoded. */
async function read(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { chunks, bytes, html: new TextDecoder().decode(bytes) };
}

/** A value a component waits for, given when the test says. */
function later<T>() {
  let give!: (value: T) => void;
  let value: T | undefined;
  const promise = new Promise<T>((resolve) => {
    give = (v) => {
      value = v;
      resolve(v);
    };
  });
  return {
    give,
    /** Reads the value in a render, suspending until it is given. */
    read(): T {
      // What Suspense waits on: React 18 takes a thrown promise as "not yet".
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (value === undefined) throw promise;
      return value;
    },
  };
}

function Late({ source }: { source: ReturnType<typeof later<string>> }) {
  return h("p", { className: "late", "data-x": "1" }, source.read());
}

/** A page with what the renderer writes: many attributes, styles, text beyond ASCII, a list and a late boundary. */
function page(name: string, source: ReturnType<typeof later<string>>) {
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, `Playfeed — ${name}`)),
    h(
      "body",
      null,
      h(
        "main",
        { id: "main", style: { marginTop: 4, lineHeight: 1.5 } },
        h("h1", null, `${name}: 漢字, émoji 🎮, “quotes” & <tags>`),
        h(
          "ul",
          { "aria-label": "games" },
          Array.from({ length: 300 }, (_, i) =>
            h(
              "li",
              { key: i, className: "card", "data-game": i },
              h(
                "a",
                { href: `/detail/${i}`, title: `Game ${i} 🎲` },
                h("img", {
                  src: `/media/${i}.webp`,
                  alt: "",
                  width: 64,
                  height: 64,
                  loading: "lazy",
                }),
                `Game ${i}`,
              ),
            ),
          ),
        ),
        h(
          Suspense,
          { fallback: h("p", null, "Loading…") },
          h(Late, { source }),
        ),
      ),
    ),
  );
}

describe("the server renderer writing strings", () => {
  const before = load("original", original);
  const after = load("rewritten", stringChunks(original));

  it("writes the same bytes as React's own, in fewer chunks, late boundaries included", async () => {
    const outputs = [];
    for (const renderer of [before, after]) {
      const source = later<string>();
      const stream = await renderer.renderToReadableStream(
        page("Arcade", source),
        { nonce: "abc123" },
      );
      const reading = read(stream);
      await new Promise((resolve) => setTimeout(resolve, 5));
      source.give("Ready — 準備完了 ✅");
      outputs.push(await reading);
    }
    const [theirs, ours] = outputs;
    expect(theirs.html).toContain("準備完了");
    expect(theirs.html).toContain('nonce="abc123"');
    expect(Buffer.from(ours.bytes).equals(Buffer.from(theirs.bytes))).toBe(
      true,
    );
    // The shell went out as one chunk and the late boundary as another: React's own wrote 512-byte pieces.
    expect(ours.chunks.length).toBeLessThanOrEqual(2);
    expect(theirs.chunks.length).toBeGreaterThan(20);
  });

  it("keeps two renders that flush in turns apart", async () => {
    const alone = [];
    for (const name of ["First", "Second"]) {
      const source = later<string>();
      const stream = await after.renderToReadableStream(page(name, source));
      const reading = read(stream);
      source.give(`${name} done`);
      alone.push((await reading).html);
    }
    const first = later<string>();
    const second = later<string>();
    const [one, two] = await Promise.all([
      after.renderToReadableStream(page("First", first)),
      after.renderToReadableStream(page("Second", second)),
    ]);
    const reading = [read(one), read(two)];
    // The second render's late part flushes before the first's.
    second.give("Second done");
    await new Promise((resolve) => setTimeout(resolve, 5));
    first.give("First done");
    const together = await Promise.all(reading);
    expect(together.map((output) => output.html)).toEqual(alone);
  });

  it("fails the build when React's code no longer reads as expected", () => {
    expect(() =>
      stringChunks(original.replace("function p(a,b){", "function p(b,a){")),
    ).toThrow(/writeChunk is not where/);
    expect(() => stringChunks(stringChunks(original))).toThrow(/changed/);
  });
});
