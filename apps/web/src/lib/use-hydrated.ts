import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates HTML drawn before the app (a signed-in page's first frame, a prerendered
 * page) and while prerendering; true otherwise, from the render right after the hydration on. A value the
 * frame could not know (what the cache holds by the time a part of the page is hydrated: the header's
 * bell may have fetched the unread count first) is shown only once it is true, so that the hydrating
 * render draws exactly the frame and React takes it over instead of rendering the page afresh
 * (docs/decisions.md "A frame hydrates to what it shows").
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
