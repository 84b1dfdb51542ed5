/**
 * The browser entry. A prerendered page (docs/decisions.md "Prerendered public pages") is readable as it
 * arrives, so the browser paints it first and only then loads and runs the app (boot.tsx) that hydrates
 * it; the app's code is then no longer on the way to the first paint. Other addresses start the app
 * (app-root.tsx) at once, its modules fetched side by side, and a signed-in reader's session and page
 * are asked for while they load (lib/early-session.ts, app/signed-in-start.ts).
 */
import "./styles.css";
import { requestSessionEarly } from "./lib/early-session.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
if (root.dataset.prerendered) {
  // After the first frame: a timeout queued from an animation frame runs once that frame is drawn (a
  // page opened in the background, which draws no frame, starts when it is shown). Waiting for the
  // browser's first-contentful-paint report instead left the app up to a second late on a busy
  // machine: the report reached the page's observer hundreds of milliseconds after the paint, at times
  // after the one-second fallback that then started the app (docs/decisions.md "The first paint does
  // not wait for the app").
  requestAnimationFrame(() => setTimeout(() => void import("./boot.tsx"), 0));
} else {
  requestSessionEarly();
  // Asked for at once, beside the app's code: the page's code and catalogues start downloading as soon
  // as this small module is in, and the app renders once the page's code, frame and catalogues are in
  // (startApp).
  const page = import("./app/signed-in-start.ts").then(({ startSignedInPage }) =>
    startSignedInPage(location.pathname),
  );
  void import("./app-root.tsx").then(({ startApp }) => startApp(root, page));
}
