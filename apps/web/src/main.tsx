/**
 * The browser entry. A prerendered page (docs/decisions.md "Prerendered public pages") is readable as it
 * arrives, so the browser paints it first and only then loads and runs the app (boot.tsx) that hydrates
 * it; the app's code is then no longer on the way to the first paint. Other addresses start the app
 * (app-root.tsx) at once, its modules fetched side by side, and a signed-in reader's session and page
 * are asked for while they load (lib/early-session.ts, app/signed-in-start.ts).
 */
import "./styles.css";
import { afterFirstContentfulPaint } from "./lib/after-reported-paint.ts";
import { expectEarlyCatalogues } from "./lib/early-catalogues.ts";
import { adoptFrameAnswers, requestSessionEarly } from "./lib/early-session.ts";
import { holdSubmitsUntilReady } from "./lib/hold-submits.ts";
import { initialLanguage } from "./lib/language-path.ts";

/**
 * How long a prerendered page's app waits for the report of its first paint after the frame
 * (lib/after-reported-paint.ts): requests sent before the frame reached the screen (20 to 50 ms after the
 * frame's timeout in headless Chromium) were counted by Lighthouse as needed for the largest paint.
 */
const FIRST_PAINT_WAIT_MS = 150;

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
if (root.dataset.prerendered) {
  // Its forms do nothing until the app has taken them over (never the browser's own GET with the fields).
  holdSubmitsUntilReady();
  // After the first frame: a timeout queued from an animation frame runs once that frame is drawn (a
  // page opened in the background, which draws no frame, starts when it is shown); then once the frame
  // is on screen as the browser reports it, or FIRST_PAINT_WAIT_MS later when the report is late (on a
  // busy machine it came hundreds of milliseconds after the paint): docs/decisions.md "The first paint
  // does not wait for the app".
  requestAnimationFrame(() =>
    setTimeout(() => afterFirstContentfulPaint(() => void import("./boot.tsx"), FIRST_PAINT_WAIT_MS), 0),
  );
} else {
  // A signed-in page's frame (public/signed-in-frame.js): the app starts once the frame says so, its paint
  // reported, or no frame drawn, as a prerendered page's app starts after its first paint (docs/decisions.md
  // "The back office's first figures before the app"). The back office's frame asked for the page's first
  // data already: the answers are the app's to take.
  adoptFrameAnswers();
  const frame = (window as { __festgeldFrame?: Promise<unknown> }).__festgeldFrame;
  if (frame) void frame.then(begin);
  else begin();
}

/** Starts the app (app-root.tsx) with the page's start beside it (app/signed-in-start.ts). */
function begin() {
  if (!root) return;
  // The app's code is asked for first, its largest file (React's renderer) first of all
  // (vite.config.ts, modulePreload): on a slow phone's six connections it takes the one the page came
  // on, which needs no new handshake. The page's start beside it: the page's code and catalogues start
  // downloading as soon as this small module is in, and the app renders once the page's code, frame
  // and catalogues are in (startApp). The catalogues come in one file, which i18next's loader waits for
  // (lib/early-catalogues.ts). The session last: it is in long before the code.
  const app = import("./app-root.tsx");
  const language = initialLanguage();
  const start = import("./app/signed-in-start.ts");
  expectEarlyCatalogues(start.then(({ startCatalogues }) => startCatalogues(location.pathname, language)));
  const page = start.then(({ startSignedInPage }) => startSignedInPage(location.pathname, language));
  void app.then(({ startApp }) => startApp(root, page));
  requestSessionEarly();
}
