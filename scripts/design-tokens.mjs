// The design tokens (app/styles/tokens.css) for files the build writes outside the stylesheets: the web app manifest
// and the service worker's offline page use the same colours as the app.
import { readFileSync } from "node:fs";

const tokensFile = new URL("../app/styles/tokens.css", import.meta.url);

/** The value of each `--name: value;` custom property in tokens.css, by name (without the dashes). */
export function designTokens() {
  const text = readFileSync(tokensFile, "utf8").replace(
    /\/\*[\s\S]*?\*\//g,
    "",
  );
  return Object.fromEntries(
    [...text.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [
      name,
      value.replace(/\s+/g, " ").trim(),
    ]),
  );
}

/** A token that must exist: a renamed token fails the build instead of writing an empty colour. */
export function token(tokens, name) {
  const value = tokens[name];
  if (!value) throw new Error(`app/styles/tokens.css has no --${name}`);
  return value;
}
