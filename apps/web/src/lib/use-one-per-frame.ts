import { startTransition, useEffect, useState } from "react";
import { afterNextPaint } from "./use-after-paint.ts";

/**
 * How many of a list's `total` items to show: `first` at once, then one more after each painted frame
 * until all are shown. Each item's render, commit and layout is then a task of its own instead of one
 * long task for the whole list, so a page with many cards answers a tap between them and shows the first
 * ones sooner (docs/decisions.md "The dashboard's cards one per frame"). A list that grows later (a
 * refetch with a new item) adds the new items the same way; one that shrinks shows all it has.
 */
export function useOnePerFrame(total: number, first = 1): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    return afterNextPaint(() => startTransition(() => setShown((n) => n + 1)));
  }, [shown, total]);
  return Math.min(shown, total);
}
