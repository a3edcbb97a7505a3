import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ApiSignedIn } from "#contract/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, baseURL, firstGameId } from "./browser";

/** The W3C's Nu Html Checker, shipped in npm's `vnu-jar`; run with the machine's Java (the test set-up installs one). */
const VNU_JAR = createRequire(import.meta.url).resolve(
  "vnu-jar/build/dist/vnu.jar",
);

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  url: string;
  lastLine?: number;
  extract?: string;
}

/** Checks the files in one run of the checker (one Java start) and returns its errors as "file:line: message". */
function checkHtml(files: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        try {
          const { messages } = JSON.parse(stderr) as {
            messages: VnuMessage[];
          };
          resolve(
            messages.map(
              (found) =>
                `${path.basename(found.url)}:${found.lastLine ?? "?"}: ${found.message} (${found.extract ?? ""})`,
            ),
          );
        } catch {
          reject(error ?? new Error(stderr));
        }
      },
    );
  });
}

let folder: string;
let cookie: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "playfeed-html-"));
  const response = await fetch(`${baseURL()}/api/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "ava@playfeed.local",
      password: DEMO_PASSWORD,
    }),
  });
  expect(response.status).toBe(200);
  cookie = `pf_session=${(await response.json<ApiSignedIn>()).token}`;
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The whole document the server sends, streamed data included, as a visitor or signed in. */
async function documentAt(address: string, signedIn = false) {
  const response = await fetch(`${baseURL()}${address}`, {
    headers: signedIn ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  expect(response.status, address).toBe(200);
  return await response.text();
}

async function firstPostPath() {
  const blog = await documentAt("/blog");
  const post = [...blog.matchAll(/href="(\/blog\/[^"/]+)"/g)]
    .map(([, href]) => href)
    .find((href) => !href.endsWith(".xml"));
  expect(post).toBeDefined();
  return post!;
}

describe("the main pages' HTML", () => {
  it("passes the W3C checker with no errors", async () => {
    const pages: Array<[string, string, boolean]> = [
      ["home", "/", false],
      ["detail", `/detail/${await firstGameId()}`, false],
      // The board's switches as forms and links, and a period's board with its stylesheet in the body.
      [
        "detail-following",
        `/detail/${await firstGameId()}?scope=following`,
        true,
      ],
      ["detail-daily", `/detail/${await firstGameId()}?period=daily`, false],
      ["feed", "/home-page", false],
      ["blog", "/blog", false],
      ["post", await firstPostPath(), false],
      ["social", "/social", true],
    ];
    const files = await Promise.all(
      pages.map(async ([name, address, signedIn]) => {
        const file = path.join(folder, `${name}.html`);
        writeFileSync(file, await documentAt(address, signedIn));
        return file;
      }),
    );
    expect(await checkHtml(files)).toEqual([]);
  });

  it("ends with the document, the streamed data inside its body", async () => {
    const html = await documentAt("/home-page");
    expect(html.trimEnd().endsWith("</body></html>")).toBe(true);
    expect(html.indexOf("</body>")).toBe(html.lastIndexOf("</body>"));
  });

  it("makes hidden slides and drawers inert before any script runs", async () => {
    const html = await documentAt("/home-page");
    const hidden = [
      ...html.matchAll(/<(?:section|div)\b[^>]*aria-hidden="true"[^>]*>/g),
    ]
      .map(([tag]) => tag)
      .filter((tag) => /feed__slide|feed-drawer/.test(tag));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((tag) => !/\sinert=""/.test(tag))).toEqual([]);
  });
});
