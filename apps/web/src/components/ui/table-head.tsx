/** One column of a TableHead: its header text and the classes of its cell. */
export interface HeadColumn {
  label: string;
  className?: string;
}

/**
 * The header row of a small data table: a `<th scope="col">` a column, so each column names itself
 * once, here, and screen readers read the header with each cell.
 */
export function TableHead({
  columns,
  className,
}: {
  columns: ReadonlyArray<HeadColumn>;
  className?: string;
}) {
  return (
    <thead>
      <tr className={className}>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
