/** The catalogues of each signed-in page, one file per page and language (vite.config.ts, pageCatalogues). */
declare module "virtual:page-catalogues" {
  export const pageCatalogues: Record<
    string,
    () => Promise<{ default: Record<string, Record<string, unknown>> }>
  >;
}

/** Each language's countries as [code, name], in that language's order (vite.config.ts, countryNames). */
declare module "virtual:country-names" {
  export const countryNames: Record<string, ReadonlyArray<readonly [string, string]>>;
}
