/**
 * Calls `then` once the browser has reported a paint of the page that `matches` accepts (a
 * PerformanceObserver of `type`, buffered, so a paint reported before the call counts), at most
 * `timeoutMs` after the call; at once where the browser reports no such entries. Returns a function that
 * stops waiting.
 *
 * For what a page asks for only once its main content is on screen. A timeout queued from the frame that
 * drew the content can run before that frame reaches the screen on a busy machine, so a request asked for
 * then started before the paint the browser recorded, and Lighthouse counted it as needed for that paint
 * (docs/decisions.md "Signed-in pages, steady", "The bell waits for the reported paint"). The report
 * comes once the frame is on screen, up to hundreds of milliseconds later on a busy machine: only for
 * parts that can wait.
 */
export function afterReportedPaint(
  type: "paint" | "element",
  matches: (entry: PerformanceEntry & { identifier?: string }) => boolean,
  then: () => void,
  timeoutMs = 1000,
): () => void {
  if (typeof PerformanceObserver !== "function" || !PerformanceObserver.supportedEntryTypes?.includes(type)) {
    then();
    return () => undefined;
  }
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(fallback);
  };
  const finish = () => {
    if (done) return;
    stop();
    then();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some(matches)) finish();
  });
  observer.observe({ type, buffered: true });
  const fallback = setTimeout(finish, timeoutMs);
  return stop;
}

/** The page's first contentful paint, once reported (afterReportedPaint). */
export function afterFirstContentfulPaint(then: () => void, timeoutMs?: number): () => void {
  return afterReportedPaint("paint", (entry) => entry.name === "first-contentful-paint", then, timeoutMs);
}
