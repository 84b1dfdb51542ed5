/** The catalogues of each signed-in page, one file per page and language (vite.config.ts, pageCatalogues). */
declare module "virtual:page-catalogues" {
  export const pageCatalogues: Record<
    string,
    () => Promise<{ default: Record<string, Record<string, unknown>> }>
  >;
}
