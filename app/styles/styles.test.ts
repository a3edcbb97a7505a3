import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const appDir = new URL("..", import.meta.url).pathname;
const TOKENS = "styles/tokens.css";
/** docs/decisions/013-css-beside-components.md: the one breakpoint scale. */
const BREAKPOINTS = new Set([
  "(max-width: 479px)",
  "(min-width: 480px)",
  "(max-width: 767px)",
  "(min-width: 768px)",
  "(max-width: 1023px)",
  "(min-width: 1024px)",
]);

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ending);
    return ending.test(entry.name) ? [path] : [];
  });
}

const stylesheets = filesUnder(appDir, /\.css$/).map((path) => ({
  name: relative(appDir, path),
  text: readFileSync(path, "utf8").replace(/\/\*[\s\S]*?\*\//g, ""),
}));
const modules = filesUnder(appDir, /\.tsx?$/).map((path) => ({
  name: relative(appDir, path),
  text: readFileSync(path, "utf8"),
}));

interface Declaration {
  context: string;
  selector: string;
  property: string;
  value: string;
}

/** Enough of a CSS parser for our own files: rules, optionally inside one level of at-rule. */
function declarations(text: string): Declaration[] {
  const found: Declaration[] = [];
  const contexts: string[] = [];
  let prelude = "";
  let selectors: string[] | null = null;
  for (const char of text) {
    if (char === "{") {
      const head = prelude.trim();
      prelude = "";
      if (head.startsWith("@")) contexts.push(head);
      else if (contexts.at(-1)?.startsWith("@keyframes")) selectors = [];
      else selectors = head.split(",").map((part) => part.trim());
    } else if (char === ";" || char === "}") {
      const [property, ...value] = prelude.split(":");
      if (selectors && value.length)
        for (const selector of selectors)
          found.push({
            context: contexts.at(-1) ?? "",
            selector,
            property: property.trim(),
            value: value.join(":").trim(),
          });
      prelude = "";
      if (char === "}") {
        if (selectors) selectors = null;
        else contexts.pop();
      }
    } else prelude += char;
  }
  return found;
}

describe("stylesheets", () => {
  it("write colours only in the token file", () => {
    const raw = stylesheets
      .filter(({ name }) => name !== TOKENS)
      .flatMap(({ name, text }) =>
        [...text.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb)\(/gi)].map(
          (match) => `${name}: ${match[0]}`,
        ),
      );
    expect(raw).toEqual([]);
  });

  it("use only the breakpoint scale", () => {
    const others = stylesheets.flatMap(({ name, text }) =>
      [...text.matchAll(/\((?:min|max)-width:[^)]*\)/g)]
        .filter((match) => !BREAKPOINTS.has(match[0]))
        .map((match) => `${name}: ${match[0]}`),
    );
    expect(others).toEqual([]);
  });

  it("give a selector's property one value across files", () => {
    const seen = new Map<string, { name: string; value: string }>();
    const conflicts: string[] = [];
    for (const { name, text } of stylesheets)
      for (const { context, selector, property, value } of declarations(text)) {
        const key = `${context} ${selector} { ${property} }`;
        const earlier = seen.get(key);
        if (earlier && earlier.name !== name && earlier.value !== value)
          conflicts.push(`${key}: ${earlier.name} and ${name}`);
        else seen.set(key, { name, value });
      }
    expect(conflicts).toEqual([]);
  });

  it("animate with keyframes of their own file or the shell's", () => {
    const keyframes = new Map(
      stylesheets.map(({ name, text }) => [
        name,
        new Set([...text.matchAll(/@keyframes\s+([\w-]+)/g)].map((m) => m[1])),
      ]),
    );
    const shell = stylesheets
      .filter(({ name }) => name.startsWith("styles/"))
      .flatMap(({ name }) => [...(keyframes.get(name) ?? [])]);
    const everywhere = new Set(
      [...keyframes.values()].flatMap((set) => [...set]),
    );
    const missing = stylesheets.flatMap(({ name, text }) =>
      [...text.matchAll(/animation(?:-name)?\s*:([^;}]*)/g)]
        .flatMap((match) => match[1].split(/[\s,]+/))
        .filter(
          (word) =>
            everywhere.has(word) &&
            !keyframes.get(name)?.has(word) &&
            !shell.includes(word),
        )
        .map((word) => `${name}: ${word}`),
    );
    expect(missing).toEqual([]);
  });

  it("are imported by the component or route beside them, or the shell's parts, and the shell's by root.tsx only", () => {
    // Small parts' stylesheets that many pages use ship in the shell's (styles/parts.css, ADR 054).
    const shellParts = [
      ...readFileSync(join(appDir, "styles/parts.css"), "utf8").matchAll(
        /@import "\.\.\/([^"]+)";/g,
      ),
    ].map((match) => match[1]);
    const importers = (css: string) =>
      modules
        .filter(({ name, text }) => {
          const path = relative(join(name, ".."), css);
          return text.includes(
            `import "${path.startsWith(".") ? path : `./${path}`}";`,
          );
        })
        .map(({ name }) => name);
    const problems = stylesheets.flatMap(({ name }) => {
      const by = importers(name);
      if (shellParts.includes(name))
        return by.length === 0
          ? []
          : [`${name} is in styles/parts.css and imported by ${by.join(", ")}`];
      const fine = name.startsWith("styles/")
        ? by.length === 1 && by[0] === "root.tsx"
        : by.length > 0;
      return fine
        ? []
        : [`${name} is imported by ${by.join(", ") || "nothing"}`];
    });
    expect(problems).toEqual([]);
  });
});
