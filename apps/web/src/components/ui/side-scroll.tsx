import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { ArrowRightIcon } from "./icons.tsx";

interface View {
  /** Whether the content is wider than its box. */
  overflows: boolean;
  /** 1-based positions of the first and last item in view, and how many there are. */
  first: number;
  last: number;
  count: number;
  atStart: boolean;
  atEnd: boolean;
}

const NONE: View = { overflows: false, first: 0, last: 0, count: 0, atStart: true, atEnd: true };

/** Which of `items` show in `box`: each counts when more than half of it is inside. */
function viewOf(box: HTMLElement, items: Element[]): View {
  const outer = box.getBoundingClientRect();
  const shown = items.flatMap((item, index) => {
    const r = item.getBoundingClientRect();
    const inside = Math.min(r.right, outer.right) - Math.max(r.left, outer.left);
    return r.width > 0 && inside > r.width / 2 ? [index + 1] : [];
  });
  return {
    overflows: box.scrollWidth > box.clientWidth + 1,
    first: shown[0] ?? 0,
    last: shown.at(-1) ?? 0,
    count: items.length,
    atStart: box.scrollLeft <= 1,
    atEnd: box.scrollLeft + box.clientWidth >= box.scrollWidth - 1,
  };
}

/**
 * A box that scrolls sideways (a comparison wider than a phone) and says so: while its content does
 * not fit, a line above it names what is in view ("1 of 3") and how to see the rest, two buttons step
 * one item back or on, and a fade at the edge shows that more follows. The box takes keyboard focus
 * (arrow keys scroll it) and is described by that line.
 */
export function SideScroll({
  label,
  itemSelector,
  hint,
  previous,
  next,
  className,
  testId,
  children,
}: {
  /** The box's accessible name. */
  label: string;
  /** The items counted in `hint`, inside the box ("thead th:not(:first-child)"). */
  itemSelector: string;
  /** The line shown while the content does not fit: `shown` is "1" or "1–2". */
  hint: (shown: string, count: number) => string;
  previous: string;
  next: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const boxRef = useRef<HTMLElement>(null);
  const [view, setView] = useState<View>(NONE);
  const hintId = useId();

  const measure = useCallback(() => {
    const box = boxRef.current;
    if (box) setView(viewOf(box, [...box.querySelectorAll(itemSelector)]));
  }, [itemSelector]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", measure);
    };
  }, [measure]);

  /** Scrolls by one item's width, back (-1) or on (1). */
  const step = (direction: -1 | 1) => {
    const box = boxRef.current;
    const item = box?.querySelector(itemSelector);
    if (!box || !item) return;
    box.scrollBy({ left: direction * item.getBoundingClientRect().width, behavior: "smooth" });
  };

  const shown = view.first === view.last ? String(view.first) : `${view.first}–${view.last}`;
  const button =
    "rounded-md border border-slate-300 p-1.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-brand-300";

  return (
    <div className={className}>
      {view.overflows && (
        <div className="mb-2 flex items-center gap-3" data-testid={testId ? `${testId}-hint` : undefined}>
          <p id={hintId} className="flex-1 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {hint(shown, view.count)}
          </p>
          <button
            type="button"
            className={button}
            onClick={() => step(-1)}
            disabled={view.atStart}
            aria-label={previous}
            title={previous}
          >
            <ArrowRightIcon className="h-5 w-5 rotate-180" />
          </button>
          <button
            type="button"
            className={button}
            onClick={() => step(1)}
            disabled={view.atEnd}
            aria-label={next}
            title={next}
          >
            <ArrowRightIcon className="h-5 w-5" />
          </button>
        </div>
      )}
      <div className="relative">
        {/* Positioned, so what is absolutely placed inside (screen-reader-only text in the cells) scrolls
            with the box instead of widening the page. */}
        <section
          ref={boxRef}
          aria-label={label}
          aria-describedby={view.overflows ? hintId : undefined}
          tabIndex={view.overflows ? 0 : undefined}
          className="relative overflow-x-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:focus-visible:outline-brand-300"
          data-testid={testId}
        >
          {children}
        </section>
        {view.overflows && !view.atEnd && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-px right-px w-10 rounded-r-2xl bg-gradient-to-l from-white to-transparent dark:from-slate-900"
          />
        )}
      </div>
    </div>
  );
}
