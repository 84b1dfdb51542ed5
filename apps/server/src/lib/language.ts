import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@festgeld/domain";
import type { FastifyRequest } from "fastify";

/**
 * The language of each Accept-Language header seen lately: browsers send a handful of distinct
 * headers, and parsing one allocates a few arrays and objects on every request of a hot route
 * (packages, the root page). Bounded: emptied when full.
 */
const byHeader = new Map<string, Language | null>();
const BY_HEADER_MAX = 1000;

/** The request's language: `?lang=`, else the best Accept-Language match, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return requestedLanguage(request) ?? DEFAULT_LANGUAGE;
}

/** The language the request names (`?lang=`, else the best Accept-Language match), or null when none of ours. */
export function requestedLanguage(request: FastifyRequest): Language | null {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(query)) return query;
  const header = request.headers["accept-language"];
  if (typeof header !== "string" || header.length > 500) return null;
  let language = byHeader.get(header);
  if (language === undefined) {
    language = headerLanguage(header);
    if (byHeader.size >= BY_HEADER_MAX) byHeader.clear();
    byHeader.set(header, language);
  }
  return language;
}

/** The best match of an Accept-Language header among our languages, or null. */
function headerLanguage(header: string): Language | null {
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      const weight = q ? Number(q.trim().slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split("-")[0],
        weight: Number.isFinite(weight) ? weight : 0,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? null;
}
