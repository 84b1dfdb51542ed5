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
  // A chunk of its own: the list of those pages' files stays out of every prerendered page's first load.
  const pages = import("./app/signed-in-pages.ts");
  void pages.then(({ preloadSignedInPage }) => preloadSignedInPage(location.pathname));
  // The page's catalogues are asked for with the app's i18n (in app-root's code), before the first render;
  // the app starts also when that list could not be loaded.
  void import("./app-root.tsx").then(async ({ preloadCatalogues, startApp }) => {
    const list = await pages.catch(() => null);
    if (list) preloadCatalogues(list.signedInPageNamespaces(location.pathname));
    startApp(root);
  });
}
