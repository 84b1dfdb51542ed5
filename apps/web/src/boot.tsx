/**
 * Hydrates a prerendered page, which is already painted and readable (main.tsx): React's renderer is
 * evaluated first, as a task of its own, then the app (app-root.tsx). Evaluating all of it at once was
 * one task of about a hundred milliseconds on a slow phone, long enough to block a tap; between the two
 * the browser handles input. docs/decisions.md "Hydration cost of the public pages".
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function boot(root: HTMLElement) {
  await import("react-dom/client");
  await nextTask();
  (await import("./app-root.tsx")).startApp(root);
}

const root = document.getElementById("root");
if (root) void boot(root);
