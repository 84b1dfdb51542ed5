import { brand } from "@brand";
import { useEffect } from "react";

/** Sets the page title and meta description for the current route, in the current language. */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${brand.shortName}` : brand.shortName;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}
