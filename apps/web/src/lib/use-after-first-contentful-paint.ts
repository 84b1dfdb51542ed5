import { useEffect, useState } from "react";
import { afterFirstContentfulPaint } from "./after-reported-paint.ts";

/**
 * False until the page's first contentful paint has been reported (afterFirstContentfulPaint, in
 * lib/after-reported-paint.ts, which the entry uses without React) while `ready`, then true: for a part
 * of the page's frame that can come after its main content (the header's bell).
 */
export function useAfterFirstContentfulPaint(ready = true): boolean {
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (!ready || reported) return;
    return afterFirstContentfulPaint(() => setReported(true));
  }, [ready, reported]);
  return reported;
}
