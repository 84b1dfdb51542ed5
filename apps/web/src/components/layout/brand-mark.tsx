import mark from "../../../public/favicon.svg?raw";

/**
 * The brand's mark, public/favicon.svg itself, drawn in the page: as an `<img>` it was a request of its
 * own on every page, which a slow phone waited a round trip for after the app's code (Lighthouse
 * counted it in the dashboard's largest paint, docs/decisions.md "Fewer requests before the
 * dashboard's first paint"). One drawing: replacing the favicon replaces the mark. Decorative: the
 * link around it carries the name.
 */
export function BrandMark({ className }: { className: string }) {
  // Sized by a class, not a style attribute, which the prerendered pages' policy (style-src 'self') refuses.
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 [&>svg]:block [&>svg]:size-full ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the project's own favicon, read at build time
      dangerouslySetInnerHTML={{ __html: mark }}
    />
  );
}
