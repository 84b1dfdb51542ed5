// Runs as the shell of a signed-in page (/dashboard, /inbox ...) is parsed, before the app's code has
// arrived: the shell carries the page's first frame in every language, rendered at build time (the app's
// layout and the page before its data is in, apps/web/scripts/prerender.ts), and this script puts the
// reader's into #root, with their name, so the page's heading and frame are on screen at the first paint
// instead of after React's renderer and the page's code. The app hydrates it when the session is the
// reader it shows, else renders afresh over it (app-root.tsx; docs/decisions.md "A signed-in page's first
// frame before the app"). Inlined into those shells (the server allows exactly its text by its hash). It
// cannot import anything: the storage keys, the list of languages, the language rule of
// lib/language-path.ts's initialLanguage, the stand-in name of entry-prerender.tsx's FRAME_NAME, the
// figures' formats of lib/format.ts and the plural rule i18next follows are spelled out, and
// signed-in-frame.test.ts keeps them equal. No
// frame without a stored session: a signed-out visitor's page stays empty until the app sends them to
// the sign-in page.
//
// A frame with requests (the back office's overview, data-frame-requests) is shown only to the role it
// names, for the address's `tab` it names, and only once every request it names has answered 200: its
// figures are markers (entry-prerender.tsx, adminFrameFigures) filled from those answers. The answers are
// left for the app's API client, which takes them instead of asking again (lib/early-session.ts;
// docs/decisions.md "The back office's first figures before the app").
(() => {
  // Settles window.__festgeldFrame, which the app waits for (main.tsx), once it is made (below).
  let settle = () => undefined;
  try {
    const root = document.getElementById("root");
    const frame = JSON.parse(localStorage.getItem("session_frame") ?? "null");
    const token = localStorage.getItem("token");
    if (!root || !token || typeof frame?.name !== "string") return;
    const languages = ["en", "de", "fr"];
    const stored = localStorage.getItem("user_language");
    const browser = (navigator.languages ?? [navigator.language]).map(
      (tag) => String(tag).toLowerCase().split("-")[0],
    );
    const language = [stored, ...browser, languages[0]].find((code) => languages.includes(code));
    const template = document.querySelector(`template[data-frame-language="${language}"]`);
    if (!template) return;
    const { frameRole, frameTab, frameRequests, framePlurals } = template.dataset;
    if (frameRole !== undefined && frame.role !== frameRole) return;
    const tab = new URLSearchParams(location.search).get("tab");
    if (frameTab !== undefined && tab !== null && tab !== frameTab) return;
    const content = template.content.cloneNode(true);
    // The stand-in name, and its first character where the account menu draws the initial.
    const name = frame.name;
    const initial = name.trim().charAt(0).toUpperCase();
    const fill = (text) => text.replaceAll("\uE000\uE001", name).replaceAll("\uE000", initial);
    const visit = (each) => {
      const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = each(node.data);
          if (text !== node.data) node.data = text;
        } else {
          for (const attribute of node.attributes) {
            const text = each(attribute.value);
            if (text !== attribute.value) attribute.value = text;
          }
        }
      }
    };
    visit((text) => (text.includes("\uE000") ? fill(text) : text));
    const show = () => {
      // The app got there first (it renders over an empty root): its page stays.
      if (root.childElementCount > 0) return;
      document.documentElement.lang = language;
      if (template.dataset.frameTitle) document.title = template.dataset.frameTitle;
      root.replaceChildren(content);
      // What the app hydrates the frame with when its session is this reader's (app-root.tsx).
      root.dataset.frame = language;
      root.dataset.frameName = name;
      if (frameRole !== undefined) root.dataset.frameRole = frameRole;
    };
    // The app starts once this settles (main.tsx): once the frame's paint is reported (PAINT_WAIT_MS at
    // most), or at once when no frame is shown. Started as the frame was drawn, the app's files arrived and
    // ran between the drawing and the screen, and Lighthouse counted them as needed for the frame's paint.
    window.__festgeldFrame = new Promise((resolve) => {
      settle = resolve;
    });
    const PAINT_WAIT_MS = 500;
    const settleOnPaint = () => {
      const types = typeof PerformanceObserver === "function" ? PerformanceObserver.supportedEntryTypes : [];
      if (!types?.includes("paint")) return settle();
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((entry) => entry.name === "first-contentful-paint")) return;
        observer.disconnect();
        settle();
      });
      observer.observe({ type: "paint", buffered: true });
      setTimeout(() => {
        observer.disconnect();
        settle();
      }, PAINT_WAIT_MS);
    };
    if (frameRequests === undefined) {
      show();
      if (root.dataset.frame === undefined) settle();
      else settleOnPaint();
      return;
    }
    // The page's first requests, as the app's API client makes them, left for it (lib/early-session.ts).
    const authorization = `Bearer ${token}`;
    const asked = Date.now();
    const requests = frameRequests.split(" ").map((url) => {
      const response = fetch(url, {
        headers: { Accept: "application/json", Authorization: authorization, "Accept-Language": language },
      });
      response.catch(() => undefined);
      return { url, authorization, language, asked, response };
    });
    window.__festgeldFrameAnswers = requests;
    // Given up after FRAME_WAIT_MS without every answer: no frame, and the app starts.
    const FRAME_WAIT_MS = 2000;
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      settle();
    }, FRAME_WAIT_MS);
    const plurals = JSON.parse(framePlurals ?? "{}");
    // Counts and euros as lib/format.ts writes them, without Intl: a page's first Intl formatter costs
    // a long task (the domain's locale-format.ts says why), here before the first paint.
    const texts = {
      en: { group: ",", decimal: ".", euroBefore: true },
      de: { group: ".", decimal: ",", euroBefore: false },
      fr: { group: "\u202f", decimal: ",", euroBefore: false },
    }[language];
    const group = (digits) => digits.replace(/\B(?=(\d{3})+$)/g, texts.group);
    const count = (value) => (value < 0 ? "-" : "") + group(String(Math.abs(value)));
    const euros = (value) => {
      const cents = Math.round(Math.abs(value) * 100);
      const amount = `${group(String(Math.trunc(cents / 100)))}${texts.decimal}${String(cents % 100).padStart(2, "0")}`;
      const sign = value < 0 && cents > 0 ? "-" : "";
      return texts.euroBefore ? `${sign}€${amount}` : `${sign}${amount}\u00a0€`;
    };
    // The plural category i18next takes a count's form by (Intl.PluralRules of the language, for whole
    // counts).
    const category = (value) => {
      if (language === "fr") {
        if (value === 0 || value === 1) return "one";
        return value !== 0 && value % 1000000 === 0 ? "many" : "other";
      }
      return value === 1 ? "one" : "other";
    };
    Promise.all(
      requests.map(({ response }) =>
        response.then((answer) => (answer.ok ? answer.clone().json() : Promise.reject(answer.status))),
      ),
    )
      .then((answers) => {
        if (late) return false;
        // A marker: kind | answer.path | plural key (entry-prerender.tsx, adminFrameFigures).
        const figure = (marker) => {
          const [kind, path, key] = marker.split("|");
          const value = path.split(".").reduce((at, step) => at?.[step], answers);
          if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`no figure at ${path}`);
          if (kind === "m") return euros(value);
          if (!Number.isSafeInteger(value)) throw new Error(`no count at ${path}`);
          if (kind === "n") return count(value);
          const forms = plurals[key] ?? {};
          const form = forms[category(value)] ?? forms.other;
          if (typeof form !== "string") throw new Error(`no form of ${key}`);
          return form.replaceAll("\uE004", count(value));
        };
        visit((text) =>
          text.includes("\uE002")
            ? text.replace(/\uE002([^\uE003]*)\uE003/g, (_, marker) => figure(marker))
            : text,
        );
        show();
        return root.dataset.frame !== undefined;
      })
      // A request refused or failed, or an answer without its figures: no frame, the app shows the page.
      .catch(() => false)
      .then((shown) => {
        clearTimeout(timer);
        if (shown) settleOnPaint();
        else settle();
      });
  } catch {
    // storage unavailable or unreadable, or a frame that cannot be drawn: the page appears once the app
    // has started, as without a frame
    settle();
  }
})();
