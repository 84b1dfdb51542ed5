/**
 * The browser entry. A prerendered page (docs/decisions.md "Prerendered public pages") is readable as it
 * arrives, so the browser paints it first and only then loads and runs the app (boot.tsx) that hydrates
 * it; the app's code is then no longer on the way to the first paint. Other addresses start it at once.
 */
import "./styles.css";

const boot = () => void import("./boot.tsx");
if (document.getElementById("root")?.dataset.prerendered) {
  // A timeout queued from an animation frame runs after that frame is painted.
  requestAnimationFrame(() => setTimeout(boot, 0));
} else boot();
