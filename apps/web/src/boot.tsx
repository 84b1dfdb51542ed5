/**
 * Loads the app (app-root.tsx), which hydrates a prerendered page or renders the app afresh. On a
 * prerendered page, which is already painted and readable, React's renderer is evaluated first, as a
 * task of its own, and the app after it: evaluating all of it at once was one task of about a hundred
 * milliseconds on a slow phone, long enough to block a tap, and between the two the browser handles
 * input. Elsewhere nothing is on screen yet, so the app loads in one go, its modules fetched side by
 * side. docs/decisions.md "Hydration cost of the public pages".
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  const root = document.getElementById("root");
  if (!root) throw new Error("#root missing");
  if (root.dataset.prerendered) {
    await import("react-dom/client");
    await nextTask();
  }
  (await import("./app-root.tsx")).startApp(root);
}

void boot();

export {};
