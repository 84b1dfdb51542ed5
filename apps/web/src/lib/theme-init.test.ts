import { readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, STORAGE_KEYS } from "@festgeld/domain";
import { afterEach, describe, expect, it, vi } from "vitest";

// public/theme-init.js runs before anything is drawn (a classic script, inlined into every page), so it
// cannot import the domain package or lib/theme-choice.ts: it spells their keys and choice out, and these
// tests keep them equal.
const script = readFileSync(path.resolve(import.meta.dirname, "../../public/theme-init.js"), "utf8");

function run(stored: Record<string, string>, systemDark: boolean, pathname = "/dashboard") {
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: systemDark && query.includes("dark") }));
  history.replaceState(null, "", pathname);
  const root = document.documentElement;
  root.className = "";
  root.lang = "en";
  new Function(script)();
  return { dark: root.classList.contains("dark"), scheme: root.style.colorScheme, lang: root.lang };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  history.replaceState(null, "", "/");
});

describe("theme-init.js", () => {
  it("reads the domain package's storage keys and languages", () => {
    expect(script).toContain(`localStorage.getItem("${STORAGE_KEYS.darkMode}")`);
    expect(script).toContain(`localStorage.getItem("${STORAGE_KEYS.language}")`);
    const list = /const languages = (\[[^\]]*\]);/.exec(script)?.[1];
    expect(JSON.parse(list ?? "[]")).toEqual([...LANGUAGES]);
  });

  it("applies the stored choice, else the system's, as lib/theme-choice.ts does", () => {
    expect(run({ [STORAGE_KEYS.darkMode]: "true" }, false)).toMatchObject({ dark: true, scheme: "dark" });
    expect(run({ [STORAGE_KEYS.darkMode]: "false" }, true)).toMatchObject({ dark: false, scheme: "light" });
    expect(run({}, true)).toMatchObject({ dark: true, scheme: "dark" });
    expect(run({}, false)).toMatchObject({ dark: false, scheme: "light" });
  });

  it("gives an address without a language the stored one, and leaves a prefixed page's own", () => {
    expect(run({ [STORAGE_KEYS.language]: "fr" }, false, "/dashboard").lang).toBe("fr");
    expect(run({ [STORAGE_KEYS.language]: "fr" }, false, "/de/packages").lang).toBe("en");
    expect(run({ [STORAGE_KEYS.language]: "fr" }, false, "/de").lang).toBe("en");
    expect(run({ [STORAGE_KEYS.language]: "xx" }, false, "/dashboard").lang).toBe("en");
    // A path that merely starts with a language's letters is not prefixed.
    expect(run({ [STORAGE_KEYS.language]: "de" }, false, "/energy").lang).toBe("de");
  });
});
