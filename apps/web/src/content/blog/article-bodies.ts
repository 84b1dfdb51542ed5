import type { Language } from "@festgeld/domain/constants";

/**
 * One module per article and language (bodies/<id>.<language>.html), each its own chunk: the article
 * page downloads only the body it shows. The HTML is ours, and is still sanitised before rendering.
 */
const bodies = import.meta.glob<string>("./bodies/*.html", { query: "?raw", import: "default" });

/** The body of an article in a language (English when that language is missing), or null if unknown. */
export async function loadArticleBody(id: string, language: Language): Promise<string | null> {
  const load = bodies[`./bodies/${id}.${language}.html`] ?? bodies[`./bodies/${id}.en.html`];
  return load ? load() : null;
}

/** Which bodies exist, as `<id>.<language>` (for tests). */
export const availableBodies = (): string[] =>
  Object.keys(bodies).map((path) => path.replace(/^\.\/bodies\//, "").replace(/\.html$/, ""));
