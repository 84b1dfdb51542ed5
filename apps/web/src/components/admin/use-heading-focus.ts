import { type RefObject, useEffect, useRef } from "react";

/**
 * Moves focus to a page's heading when its content changes (`key`: the back-office area), so that
 * keyboard and screen-reader users start reading the new content. On arrival from another page the
 * root layout has already focused the main region (root-layout.tsx); the heading then takes it over.
 * A first load leaves focus alone, so that the skip link stays the first stop.
 */
export function useHeadingFocus(ref: RefObject<HTMLElement | null>, key: string) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    const changed = !first && shown.current !== key;
    shown.current = key;
    // After the frame: the root layout's own focus move runs after this page's effects.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const arrived = first && active !== null && active.id === "main";
      if (changed || arrived) ref.current?.focus({ preventScroll: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [ref, key]);
}
