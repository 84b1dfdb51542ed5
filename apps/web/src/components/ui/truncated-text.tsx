import { useLayoutEffect, useRef, useState } from "react";

/**
 * One line of text that may be far longer than its column (a name, an e-mail address): cut with an
 * ellipsis, and shown in full on hover and on keyboard focus, where it wraps in place. Only a text that
 * is actually cut becomes a tab stop and gets a `title`, so short names add no stops to a table.
 */
export function TruncatedText({ text, className = "" }: { text: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [clipped, setClipped] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => {
      // While shown in full (hovered or focused) the text wraps and nothing is cut: keep the last answer,
      // or the focused element would stop being focusable.
      if (element.matches(":hover, :focus")) return;
      setClipped(element.scrollWidth > element.clientWidth + 1);
    };
    check();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  return (
    <span
      ref={ref}
      title={clipped ? text : undefined}
      // A cut text is a tab stop, so keyboard users can read it whole.
      tabIndex={clipped ? 0 : undefined}
      data-clipped={clipped || undefined}
      className={`block max-w-[16rem] truncate rounded hover:whitespace-normal hover:break-all focus:whitespace-normal focus:break-all ${className}`}
    >
      {text}
    </span>
  );
}
