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
  // A timeout queued from an animation frame runs after that frame is painted.
  requestAnimationFrame(() => setTimeout(() => void import("./boot.tsx"), 0));
} else {
  requestSessionEarly();
  // Asked for at once, beside the app's code: the page's code starts downloading as soon as this small
  // list is in, and the app renders once the page's code, frame and catalogues are in (startApp).
  const pages = import("./app/signed-in-pages.ts");
  const page = pages.then(({ preloadSignedInPage }) => preloadSignedInPage(location.pathname));
  void import("./app-root.tsx").then(async ({ startApp }) => {
    const list = await pages.catch(() => null);
    startApp(root, { page, namespaces: list?.signedInPageNamespaces(location.pathname) ?? [] });
  });
}
