// Runs as the shell of a signed-in page (/dashboard, /inbox ...) is parsed, before the app's code has
// arrived: the shell carries the page's first frame in every language, rendered at build time (the app's
// layout and the page before its data is in, apps/web/scripts/prerender.ts), and this script puts the
// reader's into #root, with their name, so the page's heading and frame are on screen at the first paint
// instead of after React's renderer and the page's code. The app hydrates it when the session is the
// reader it shows, else renders afresh over it (app-root.tsx; docs/decisions.md "A signed-in page's first
// frame before the app"). Inlined into those shells (the server allows exactly its text by its hash). It cannot import anything: the storage keys, the list of
// languages, the language rule of lib/language-path.ts's initialLanguage and the stand-in name of
// entry-prerender.tsx's FRAME_NAME are spelled out, and signed-in-frame.test.ts keeps them equal. No
// frame without a stored session: a signed-out visitor's page stays empty until the app sends them to
// the sign-in page.
(() => {
  try {
    const root = document.getElementById("root");
    const frame = JSON.parse(localStorage.getItem("session_frame") ?? "null");
    if (!root || !localStorage.getItem("token") || typeof frame?.name !== "string") return;
    const languages = ["en", "de", "fr"];
    const stored = localStorage.getItem("user_language");
    const browser = (navigator.languages ?? [navigator.language]).map(
      (tag) => String(tag).toLowerCase().split("-")[0],
    );
    const language = [stored, ...browser, languages[0]].find((code) => languages.includes(code));
    const template = document.querySelector(`template[data-frame-language="${language}"]`);
    if (!template) return;
    const content = template.content.cloneNode(true);
    // The stand-in name, and its first character where the account menu draws the initial.
    const name = frame.name;
    const initial = name.trim().charAt(0).toUpperCase();
    const fill = (text) => text.replaceAll("\uE000\uE001", name).replaceAll("\uE000", initial);
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.data.includes("\uE000")) node.data = fill(node.data);
      } else {
        for (const attribute of node.attributes) {
          if (attribute.value.includes("\uE000")) attribute.value = fill(attribute.value);
        }
      }
    }
    document.documentElement.lang = language;
    if (template.dataset.frameTitle) document.title = template.dataset.frameTitle;
    root.replaceChildren(content);
    // What the app hydrates the frame with when its session is this reader's (app-root.tsx).
    root.dataset.frame = language;
    root.dataset.frameName = name;
  } catch {
    // storage unavailable or unreadable: the page appears once the app has started, as without a frame
  }
})();
