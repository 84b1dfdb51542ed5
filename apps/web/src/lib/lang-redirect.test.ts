import { readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES } from "@festgeld/domain";
import { describe, expect, it } from "vitest";

// public/lang-redirect.js runs before the app (a plain script, inlined into prerendered pages), so it
// cannot import the domain package: it spells the language list out, and this test keeps it equal.
describe("lang-redirect.js", () => {
  it("knows exactly the languages of the domain package", () => {
    const script = readFileSync(path.resolve(import.meta.dirname, "../../public/lang-redirect.js"), "utf8");
    const list = /const languages = (\[[^\]]*\]);/.exec(script)?.[1];
    expect(list, "lang-redirect.js declares `const languages = [...]`").toBeDefined();
    expect(JSON.parse(list ?? "[]")).toEqual([...LANGUAGES]);
  });
});
