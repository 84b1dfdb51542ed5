/**
 * What the page being prerendered declares for the document head. The browser sets document.title in
 * an effect; effects do not run while prerendering, so useDocumentTitle also records here when there
 * is no document (apps/web/scripts/prerender.ts reads it after each page).
 */
export const prerenderHead: { title: string | null; description: string | null } = {
  title: null,
  description: null,
};
