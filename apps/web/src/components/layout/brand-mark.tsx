/**
 * The brand's mark, the same drawing as public/favicon.svg, drawn in the page: as an `<img>` it was a
 * request of its own on every page, which a slow phone waited a round trip for after the app's code
 * (Lighthouse counted it in the dashboard's largest paint, docs/decisions.md "Fewer requests before
 * the dashboard's first paint"). Decorative: the link around it carries the name.
 */
export function BrandMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0f3d6e" />
      <path d="M9 23V9h13v3h-9v3h8v3h-8v5z" fill="#f5c542" />
    </svg>
  );
}
