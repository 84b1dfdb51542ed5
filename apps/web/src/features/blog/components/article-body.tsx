import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/** Typography for the injected body (no typography plugin; scoped to this container). */
const BODY_CLASSES = [
  "text-lg leading-relaxed text-slate-700 dark:text-slate-300",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-white",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-300",
  "[&_a]:rounded [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-brand-600 dark:[&_a:focus-visible]:outline-brand-300",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:bg-brand-50 [&_blockquote]:px-4 [&_blockquote]:py-3 dark:[&_blockquote]:bg-slate-900",
  "[&_figure]:mt-6 [&_figure]:relative [&_figure]:overflow-x-auto",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm sm:[&_table]:text-base",
  "[&_caption]:mb-2 [&_caption]:text-left [&_caption]:text-sm [&_caption]:text-slate-600 dark:[&_caption]:text-slate-400",
  "[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-2 sm:[&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900 dark:[&_th]:border-slate-600 dark:[&_th]:text-white",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-2 sm:[&_td]:px-3 [&_td]:py-2 dark:[&_td]:border-slate-800",
  "[&_td+td]:text-right [&_td+td]:whitespace-nowrap [&_td+td]:tabular-nums [&_th+th]:text-right",
  "[&_figure:focus-visible]:outline-2 [&_figure:focus-visible]:outline-offset-2 [&_figure:focus-visible]:outline-brand-600 dark:[&_figure:focus-visible]:outline-brand-300",
  "[&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-slate-600 dark:[&_figcaption]:text-slate-400",
].join(" ");

/**
 * Renders already sanitised article HTML. Links inside it to our own pages navigate within the app
 * instead of reloading it.
 */
export function ArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a");
      const href = anchor?.getAttribute("href");
      if (!href?.startsWith("/") || href.startsWith("//")) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [navigate]);

  // A table wider than a small screen scrolls inside its figure; keyboard users must be able to
  // reach and scroll it (WCAG 2.1.1), so such a figure becomes a focusable, named region.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the injected HTML changes
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      for (const figure of element.querySelectorAll("figure")) {
        if (figure.scrollWidth > figure.clientWidth + 1) {
          figure.tabIndex = 0;
          figure.setAttribute("role", "region");
          const caption = figure.querySelector("caption")?.textContent?.trim();
          if (caption) figure.setAttribute("aria-label", caption);
        } else {
          figure.removeAttribute("tabindex");
          figure.removeAttribute("role");
          figure.removeAttribute("aria-label");
        }
      }
    };
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [html]);

  return (
    <div
      ref={ref}
      className={BODY_CLASSES}
      data-testid="article-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeArticleHtml (DOMPurify)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
