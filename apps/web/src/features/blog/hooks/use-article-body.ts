import type { Language } from "@festgeld/domain/constants";
import { useQuery } from "@tanstack/react-query";
import { loadArticleBody } from "../../../content/blog/article-bodies.ts";
import { sanitizeArticleHtml } from "../lib/sanitize-article-html.ts";

/** The sanitised body of one article in one language, loaded on demand (one chunk per body). */
export function useArticleBody(id: string, language: Language) {
  return useQuery({
    queryKey: ["blog-body", id, language],
    queryFn: async () => {
      const html = await loadArticleBody(id, language);
      if (html === null) throw new Error(`No body for article ${id}`);
      return sanitizeArticleHtml(html);
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}
