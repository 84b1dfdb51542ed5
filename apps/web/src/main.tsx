/**
 * The browser entry. A prerendered page (docs/decisions.md "Prerendered public pages") is readable as it
 * arrives, so the browser paints it first and only then loads and runs the app (boot.tsx) that hydrates
 * it; the app's code is then no longer on the way to the first paint. Other addresses start the app
 * (app-root.tsx) at once, its modules fetched side by side, and a signed-in reader's session and page
 * are asked for while they load (lib/early-session.ts, app/signed-in-pages.ts).
 */
import "./styles.css";
import { requestSessionEarly } from "./lib/early-session.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
if (root.dataset.prerendered) {
  // Once the browser reports the first contentful paint. A timeout queued from an animation frame, used
  // before, runs once the frame is drawn, but on a busy machine the paint can be presented later, with
  // the app's downloads already on their way. A page that was hidden before its first paint (opened in
  // the background) gets no such report: it starts a second after its first frame.
  // Whichever comes first starts it: a module runs once, however often it is imported.
  const boot = () => void import("./boot.tsx");
  new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) boot();
  }).observe({ type: "paint", buffered: true });
  requestAnimationFrame(() => setTimeout(boot, 1000));
} else {
  requestSessionEarly();
  // Asked for at once, beside the app's code: the page's code starts downloading as soon as this small
  // list is in, and the app renders once the page's code, frame and catalogues are in (startApp).
  const page = import("./app/signed-in-pages.ts").then(({ preloadSignedInPage }) =>
    preloadSignedInPage(location.pathname),
  );
  void import("./app-root.tsx").then(({ startApp }) => startApp(root, page));
}
