import { readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, STORAGE_KEYS } from "@festgeld/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatMoney, formatNumber, localeFor } from "./format.ts";
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

  it("lets the app start once a saver's frame is drawn (at once where paints are not reported)", async () => {
    const frameWindow = window as unknown as { __festgeldFrame?: Promise<unknown> };
    delete frameWindow.__festgeldFrame;
    const root = run(signedIn("Anna"));
    expect(root.querySelector("h1")?.textContent).toBe("en: Anna!");
    await expect(frameWindow.__festgeldFrame).resolves.toBeUndefined();
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

  /**
   * The back office's frame (entry-prerender.tsx, adminFrameFigures): markers filled from the answers to
   * the frame's requests, shown only once every answer is in.
   */
  describe("a frame filled from the page's first answers", () => {
    const forms = {
      en: { one: "\uE004 deposit", other: "\uE004 deposits" },
      de: { one: "\uE004 Anlage", other: "\uE004 Anlagen" },
      fr: { one: "\uE004 dépôt", many: "\uE004 dépôts (many)", other: "\uE004 dépôts" },
    };
    const figures = (markers: string[]) => markers.map((marker) => `<p>\uE002${marker}\uE003</p>`).join("");
    function adminShell(markers: string[]) {
      document.documentElement.lang = "en";
      document.body.innerHTML = `<div id="root"></div>${LANGUAGES.map(
        (language) =>
          `<template data-frame-language="${language}" data-frame-title="Overview (${language})" data-frame-role="admin" data-frame-tab="overview" data-frame-requests="/api/a /api/b" data-frame-plurals='${JSON.stringify({ notes: forms[language] }).replaceAll("'", "&#39;")}'><h1>${language}</h1>${figures(markers)}</template>`,
      ).join("")}`;
    }
    const answers = (a: unknown, b: unknown, status = 200) =>
      vi.fn(async (url: string) => new Response(JSON.stringify(url === "/api/a" ? a : b), { status }));
    async function runAdmin(
      markers: string[],
      fetchMock: ReturnType<typeof answers>,
      stored: Record<string, string> = {},
      search = "",
    ) {
      localStorage.clear();
      const entries = {
        [STORAGE_KEYS.token]: "admin-token",
        [STORAGE_KEYS.sessionFrame]: JSON.stringify({ name: "Ada Admin", role: "admin" }),
        ...stored,
      };
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      vi.stubGlobal("navigator", { ...navigator, languages: ["en-GB"], language: "en-GB" });
      vi.stubGlobal("fetch", fetchMock);
      history.replaceState(null, "", `/admin${search}`);
      adminShell(markers);
      const frameWindow = window as unknown as {
        __festgeldFrame?: Promise<unknown>;
        __festgeldFrameAnswers?: unknown;
      };
      delete frameWindow.__festgeldFrame;
      delete frameWindow.__festgeldFrameAnswers;
      new Function(script)();
      await frameWindow.__festgeldFrame;
      return { root: document.getElementById("root") as HTMLElement, frameWindow };
    }
    const texts = (root: HTMLElement) => [...root.querySelectorAll("p")].map((p) => p.textContent);

    it("asks for the page's first data as the app's client does, and shows the figures once they are in", async () => {
      const fetchMock = answers({ users: 1234567, invested: 30000.5 }, { soon: { count: 3, amount: 0 } });
      const { root, frameWindow } = await runAdmin(
        ["n|0.users", "m|0.invested", "m|1.soon.amount", "p|1.soon.count|notes"],
        fetchMock,
        { [STORAGE_KEYS.language]: "de" },
      );
      expect(fetchMock).toHaveBeenCalledTimes(2);
      for (const url of ["/api/a", "/api/b"]) {
        expect(fetchMock).toHaveBeenCalledWith(url, {
          headers: {
            Accept: "application/json",
            Authorization: "Bearer admin-token",
            "Accept-Language": "de",
          },
        });
      }
      expect(texts(root)).toEqual([
        formatNumber(1234567, "de"),
        formatMoney(30000.5, "EUR", "de"),
        formatMoney(0, "EUR", "de"),
        `${formatNumber(3, "de")} Anlagen`,
      ]);
      expect(root.querySelector("h1")?.textContent).toBe("de");
      expect(document.title).toBe("Overview (de)");
      expect(root.dataset.frame).toBe("de");
      expect(root.dataset.frameRole).toBe("admin");
      // The answers, left for the app's API client (lib/early-session.ts), their bodies still unread.
      const left = frameWindow.__festgeldFrameAnswers as { url: string; response: Promise<Response> }[];
      expect(left.map((answer) => answer.url)).toEqual(["/api/a", "/api/b"]);
      expect(await (await left[0]?.response)?.json()).toEqual({ users: 1234567, invested: 30000.5 });
    });

    it("writes counts and euros as lib/format.ts does, and each note in the form i18next chooses", async () => {
      const counts = [0, 1, 2, 5, 21, 999, 1000, 12345, 1_000_000, 2_000_000, 1_000_001, 123456789];
      const amounts = [0, 0.01, 0.1, 1, 12.34, 999.99, 1000, 30000.5, 1234567.89, -12.34, -0.01, 98765432.1];
      for (const language of LANGUAGES) {
        const markers = [
          ...counts.map((_, i) => `n|0.counts.${i}`),
          ...amounts.map((_, i) => `m|0.amounts.${i}`),
          ...counts.map((_, i) => `p|0.counts.${i}|notes`),
        ];
        const { root } = await runAdmin(markers, answers({ counts, amounts }, {}), {
          [STORAGE_KEYS.language]: language,
        });
        const rules = new Intl.PluralRules(localeFor(language));
        const written = forms[language] as Record<string, string>;
        expect(texts(root), language).toEqual([
          ...counts.map((count) => formatNumber(count, language)),
          ...amounts.map((amount) => formatMoney(amount, "EUR", language)),
          ...counts.map((count) =>
            (written[rules.select(count)] ?? written.other ?? "").replace(
              "\uE004",
              formatNumber(count, language),
            ),
          ),
        ]);
      }
    });

    it("shows nothing, and asks for nothing, to another role or for another area", async () => {
      const fetchMock = answers({ users: 1 }, {});
      const saver = await runAdmin(["n|0.users"], fetchMock, {
        [STORAGE_KEYS.sessionFrame]: JSON.stringify({ name: "Sam Saver", role: "user" }),
      });
      expect(saver.root.childElementCount).toBe(0);
      // A frame stored before it held the role.
      const older = await runAdmin(["n|0.users"], fetchMock, {
        [STORAGE_KEYS.sessionFrame]: JSON.stringify({ name: "Ada Admin" }),
      });
      expect(older.root.childElementCount).toBe(0);
      const area = await runAdmin(["n|0.users"], fetchMock, {}, "?tab=funding");
      expect(area.root.childElementCount).toBe(0);
      expect(fetchMock).not.toHaveBeenCalled();
      const overview = await runAdmin(["n|0.users"], fetchMock, {}, "?tab=overview");
      expect(texts(overview.root)).toEqual(["1"]);
    });

    it("shows nothing when an answer is refused, fails or lacks a figure, and lets the app start", async () => {
      const refused = await runAdmin(["n|0.users"], answers({ users: 1 }, {}, 403));
      expect(refused.root.childElementCount).toBe(0);
      const failing = vi.fn(async () => {
        throw new TypeError("network down");
      });
      const failed = await runAdmin(["n|0.users"], failing as unknown as ReturnType<typeof answers>);
      expect(failed.root.childElementCount).toBe(0);
      const missing = await runAdmin(["n|0.users", "m|1.gone"], answers({ users: 1 }, {}));
      expect(missing.root.childElementCount).toBe(0);
      const notACount = await runAdmin(["n|0.users"], answers({ users: "1" }, {}));
      expect(notACount.root.childElementCount).toBe(0);
    });

    it("lets the app start when a frame cannot be drawn", async () => {
      localStorage.clear();
      localStorage.setItem(STORAGE_KEYS.token, "admin-token");
      localStorage.setItem(STORAGE_KEYS.sessionFrame, JSON.stringify({ name: "Ada Admin", role: "admin" }));
      vi.stubGlobal("fetch", answers({ users: 1 }, {}));
      history.replaceState(null, "", "/admin");
      document.body.innerHTML = `<div id="root"></div><template data-frame-language="en" data-frame-role="admin" data-frame-requests="/api/a" data-frame-plurals="{broken"><p>\uE002n|0.users\uE003</p></template>`;
      const frameWindow = window as unknown as { __festgeldFrame?: Promise<unknown> };
      delete frameWindow.__festgeldFrame;
      new Function(script)();
      await expect(frameWindow.__festgeldFrame).resolves.toBeUndefined();
      expect(document.getElementById("root")?.childElementCount).toBe(0);
    });

    it("gives up when the answers take too long, and then shows nothing", async () => {
      vi.useFakeTimers();
      try {
        let answer: (response: Response) => void = () => {};
        const slow = vi.fn(
          (url: string) =>
            new Promise<Response>((resolve) => {
              if (url === "/api/a") answer = resolve;
              else resolve(new Response("{}"));
            }),
        );
        const pending = runAdmin(["n|0.users"], slow as unknown as ReturnType<typeof answers>);
        await vi.advanceTimersByTimeAsync(2001);
        const { root } = await pending;
        expect(root.childElementCount).toBe(0);
        answer(new Response(JSON.stringify({ users: 5 })));
        await vi.advanceTimersByTimeAsync(10);
        expect(root.childElementCount).toBe(0);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
