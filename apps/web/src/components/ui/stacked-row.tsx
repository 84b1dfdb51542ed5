import type { ReactNode } from "react";

/**
 * A labelled row of a two-column table (an information sheet): below 640 px the label sits above its value,
 * since a half-width label column split long words; from 640 px a table row as usual. Drawn as blocks, a row
 * and its cells keep their table roles only when they state them.
 */
export function StackedRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: drawn as blocks, it keeps its role only when stated
      role="row"
      className="border-t border-slate-200 align-top block py-2 sm:table-row sm:py-0 dark:border-slate-700"
    >
      <th
        scope="row"
        // biome-ignore lint/a11y/noRedundantRoles: drawn as blocks, it keeps its role only when stated
        role="rowheader"
        className="block font-medium sm:table-cell sm:w-1/2 sm:py-2 sm:pr-4"
      >
        {label}
      </th>
      <td
        // biome-ignore lint/a11y/noRedundantRoles: drawn as blocks, it keeps its role only when stated
        role="cell"
        className="block [overflow-wrap:anywhere] sm:table-cell sm:py-2"
      >
        {children}
      </td>
    </tr>
  );
}
