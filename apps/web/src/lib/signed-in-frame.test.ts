import { readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, STORAGE_KEYS } from "@festgeld/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialLanguage } from "./language-path.ts";
import { FRAME_NAME } from "./storage.ts";

// public/signed-in-frame.js runs as a signed-in page's shell is parsed (a classic script, inlined after
// the page's frames), so it cannot import the domain package, lib/language-path.ts or lib/storage.ts: it
// spells out their keys, languages, language rule and stand-in name, and these tests keep them equal.
const script = readFileSync(path.resolve(import.meta.dirname, "../../public/signed-in-frame.js"), "utf8");

/** A shell with the frame in every language, as apps/web/scripts/prerender.ts writes it. */
function shell() {
  document.documentElement.lang = "en";
  document.body.innerHTML = `<div id="root"></div>${LANGUAGES.map(
    (language) =>
      `<template data-frame-language="${language}" data-frame-title="Page (${language}) | Festgeld"><header><button aria-label="${FRAME_NAME} (${language})"><span>${FRAME_NAME.charAt(0)}</span></button></header><main><h1>${language}: ${FRAME_NAME}!</h1></main></template>`,
  ).join("")}`;
}

function run(stored: Record<string, string>, browser: readonly string[] = ["en-GB"]) {
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  vi.stubGlobal("navigator", { ...navigator, languages: browser, language: browser[0] });
  shell();
  new Function(script)();
  return document.getElementById("root") as HTMLElement;
}

const signedIn = (name: string, extra: Record<string, string> = {}) => ({
  [STORAGE_KEYS.token]: "a-session-token",
  [STORAGE_KEYS.sessionFrame]: JSON.stringify({ name }),
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = "";
});

describe("signed-in-frame.js", () => {
  it("reads the domain package's storage keys, languages and the stand-in name", () => {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.sessionFrame, STORAGE_KEYS.language]) {
      expect(script).toContain(`localStorage.getItem("${key}")`);
    }
    const list = /const languages = (\[[^\]]*\]);/.exec(script)?.[1];
    expect(JSON.parse(list ?? "[]")).toEqual([...LANGUAGES]);
    const escaped = [...FRAME_NAME].map((c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`).join("");
    expect(script).toContain(`"${escaped}"`);
  });

  it("shows the frame of the app's language with the reader's name and initial", () => {
    const root = run(signedIn("Émilie Durand", { [STORAGE_KEYS.language]: "fr" }));
    expect(root.querySelector("h1")?.textContent).toBe("fr: Émilie Durand!");
    expect(root.querySelector("button")?.getAttribute("aria-label")).toBe("Émilie Durand (fr)");
    expect(root.querySelector("span")?.textContent).toBe("É");
    expect(document.documentElement.lang).toBe("fr");
    expect(document.title).toBe("Page (fr) | Festgeld");
    expect(root.innerHTML).not.toContain(FRAME_NAME.charAt(0));
  });

  it("chooses the language as the app does: the stored one, else the browser's, else the first", () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ [STORAGE_KEYS.language]: "de" }, ["fr-FR"]],
      [{}, ["fr-CH", "de"]],
      [{}, ["es", "de-AT"]],
      [{}, ["es"]],
      [{ [STORAGE_KEYS.language]: "xx" }, ["fr"]],
    ];
    for (const [stored, browser] of cases) {
      const root = run(signedIn("Anna", stored), browser);
      const expected = initialLanguage();
      expect(root.querySelector("h1")?.textContent, JSON.stringify({ stored, browser })).toBe(
        `${expected}: Anna!`,
      );
    }
  });

  it("puts the name in as text, never as markup", () => {
    const root = run(signedIn('<img src=x onerror="alert(1)">'));
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("h1")?.textContent).toBe('en: <img src=x onerror="alert(1)">!');
  });

  it("draws nothing without a stored session, or with a frame it cannot read", () => {
    expect(run({ [STORAGE_KEYS.sessionFrame]: JSON.stringify({ name: "Anna" }) }).childElementCount).toBe(0);
    expect(run({ [STORAGE_KEYS.token]: "a-session-token" }).childElementCount).toBe(0);
    expect(run({ [STORAGE_KEYS.token]: "t", [STORAGE_KEYS.sessionFrame]: "{broken" }).childElementCount).toBe(
      0,
    );
    expect(
      run({ [STORAGE_KEYS.token]: "t", [STORAGE_KEYS.sessionFrame]: '{"name":42}' }).childElementCount,
    ).toBe(0);
  });
});
