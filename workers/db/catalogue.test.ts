import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue";

const gamesDir = new URL("../../games/", import.meta.url);

describe("CATALOGUE", () => {
  it("lists every games/<slug>/meta.json once, so no game is left out of a deploy", () => {
    const withMeta = readdirSync(gamesDir).filter((name) =>
      existsSync(new URL(`${name}/meta.json`, gamesDir)),
    );
    expect(CATALOGUE.map(({ slug }) => slug).sort()).toEqual(withMeta.sort());
  });
});
