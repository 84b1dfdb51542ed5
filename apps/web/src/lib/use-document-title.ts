import { brand } from "@brand";
import { useEffect } from "react";
import { prerenderHead } from "./head.ts";

// The description index.html ships with, for pages that give none of their own.
const defaultDescription =
  typeof document === "undefined"
    ? null
    : (document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null);

/** Sets the page title and meta description for the current route, in the current language. */
export function useDocumentTitle(title: string, description?: string) {
  if (typeof document === "undefined") {
    prerenderHead.title = title ? `${title} | ${brand.shortName}` : brand.shortName;
    prerenderHead.description = description ?? null;
  }
  useEffect(() => {
    document.title = title ? `${title} | ${brand.shortName}` : brand.shortName;
    const meta = document.querySelector('meta[name="description"]');
    const content = description ?? defaultDescription;
    // A page without its own description must not keep the previous page's one.
    if (meta && content) meta.setAttribute("content", content);
  }, [title, description]);
}
