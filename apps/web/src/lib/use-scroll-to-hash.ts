import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Brings the element the address's #fragment names into view once the list holding it is shown
 * (`ready`): the browser looks for it on arrival, before the page's data has loaded, and finds nothing.
 * Focus is left where the root layout put it (the main region), so reading starts from the top.
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "center" });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, hash]);
}
