import { languageOfPath } from "../../../lib/language-path.ts";

/** A bank page's address, under the current page's language prefix when it has one. */
export function bankPath(pathname: string, slug?: string): string {
  const language = languageOfPath(pathname);
  const page = slug ? `banks/${slug}` : "banks";
  return language ? `/${language}/${page}` : `/${page}`;
}
